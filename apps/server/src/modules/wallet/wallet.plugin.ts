import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WalletService } from './wallet.service.ts';

export type WalletServiceCodes = ConstructorParameters<typeof WalletService>[0]['codes'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits, withdrawals and the ledger's view, built once. */
    wallet: WalletService;
  }
}

async function wallet(app: FastifyInstance, { codes }: { codes?: WalletServiceCodes }) {
  app.decorate(
    'wallet',
    new WalletService({ db: app.db, chain: app.chain, codes: codes ?? app.codes, log: app.log }),
  );
}

export const walletPlugin = fp(wallet, { name: 'wallet', dependencies: ['chain', 'codes'] });
