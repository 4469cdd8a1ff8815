import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WithdrawalCustody } from './custody.service.ts';
import { WalletService } from './wallet.service.ts';

export type WalletServiceCodes = ConstructorParameters<typeof WalletService>[0]['codes'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposits, withdrawals and the ledger's view, built once. */
    wallet: WalletService;
  }
}

async function wallet(
  app: FastifyInstance,
  { codes, holdMs }: { codes?: WalletServiceCodes; holdMs: number },
) {
  const custody = new WithdrawalCustody({ db: app.db, mail: app.mail, holdMs });
  app.decorate(
    'wallet',
    new WalletService({
      db: app.db,
      chain: app.chain,
      codes: codes ?? app.codes,
      log: app.log,
      custody,
    }),
  );
}

export const walletPlugin = fp(wallet, {
  name: 'wallet',
  dependencies: ['chain', 'codes', 'mail'],
});
