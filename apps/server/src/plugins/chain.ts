import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { BNB_DECIMALS, NATIVE_CURRENCY, USDT_DECIMALS } from '@meeet/core/constants';
import { formatTokenAmount } from '@meeet/core/format/number';
import { isLocale } from '@meeet/core/i18n/locale';
import { translate } from '@meeet/core/i18n/translate';
import type { Chain } from '../modules/chain/chain.client.ts';
import { noticePush } from '../modules/push/push.texts.ts';
import { DepositWatcher } from '../modules/wallet/deposit-watcher.ts';
import { TxSender, type ReceiptInterpreter } from '../modules/wallet/tx-sender.ts';
import type { LedgerNotice } from '../modules/wallet/ledger.service.ts';
import { userRoom } from './socket.ts';

/**
 * The chain as the app sees it. The app is built before the chain is reachable (the server
 * may first start a local node and deploy), so the chain is attached later; until then, and
 * in tests that do not attach one, wallet calls answer 503.
 */
export class ChainRuntime {
  private current: { chain: Chain; sender: TxSender } | undefined;
  /** Per transaction type, how a module reads its mined rows (the market: BUY_NFT). */
  private readonly interpreters = new Map<string, ReceiptInterpreter>();
  /** Per transaction type, who words the notification of a settled row (default: wallet's). */
  private readonly notices = new Map<string, Describer[]>();

  constructor(private readonly app: FastifyInstance) {}

  /**
   * Lets a module decide the end state of its mined rows of `type` (see TxSender). Several
   * modules may read one type (referral and affiliate payouts are both REWARD rows): each runs
   * in the order registered, and the first decision that is not null wins.
   */
  interpret(type: string, interpreter: ReceiptInterpreter): void {
    const previous = this.interpreters.get(type);
    this.interpreters.set(
      type,
      previous
        ? async (tx, row, receipt) =>
            (await previous(tx, row, receipt)) ?? (await interpreter(tx, row, receipt))
        : interpreter,
    );
  }

  /**
   * Lets a module word the notification of its settled rows of `type`. Several modules may
   * send one type (the market's generator rewards, referral and affiliate payouts are all
   * REWARD rows): each answers `undefined` for rows that are not its own, and the first that
   * claims a row words it (`null`: no notification).
   */
  describe(type: string, notice: Describer): void {
    this.notices.set(type, [...(this.notices.get(type) ?? []), notice]);
  }

  /** Whether the row was sent from the hot wallet (the payouts), not the market contract. */
  isFromHotWallet(row: LedgerNotice): boolean {
    if (!this.current) return false;
    return row.fromAddress?.toLowerCase() === this.current.chain.keys.hot.address.toLowerCase();
  }

  attach(chain: Chain): void {
    const sender = new TxSender(
      this.app.db,
      chain,
      this.app.log,
      (row) => this.notify(row),
      this.interpreters,
    );
    this.current = { chain, sender };
  }

  /**
   * The node's latest block, for `GET /api/health`; undefined without a chain. Not a
   * readiness probe: a node that is down or behind must not take user traffic away.
   */
  async headBlock(): Promise<bigint | undefined> {
    return this.current?.chain.publicClient.getBlockNumber({ cacheTime: 0 });
  }

  get attached(): boolean {
    return this.current !== undefined;
  }

  require(): { chain: Chain; sender: TxSender } {
    if (!this.current) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE);
    return this.current;
  }

  /** A deposit watcher on the attached chain; the caller starts and stops it. */
  createWatcher(pollMs: number): DepositWatcher {
    const { chain } = this.require();
    return new DepositWatcher(this.app.db, chain, this.app.log, (row) => this.notify(row), pollMs);
  }

  /**
   * Tells the user's sockets about a committed change: a `wallet` event for clients to
   * refetch, and a readable `notification` in the user's language.
   */
  notify(row: LedgerNotice): void {
    const room = this.app.io.to(userRoom(row.userId));
    room.emit('wallet', { transactionId: row.id, type: row.type, status: row.status });
    let custom: NoticeText | null | undefined;
    for (const describe of this.notices.get(row.type) ?? []) {
      custom = describe(row);
      if (custom !== undefined) break;
    }
    const notice: NoticeText | null =
      custom !== undefined
        ? custom
        : row.type === 'INPUT'
          ? { key: 'wallet.deposit-received' }
          : row.status === 'CONFIRMED'
            ? { key: 'wallet.withdrawal-confirmed' }
            : row.status === 'FAIL'
              ? { key: 'wallet.withdrawal-failed' }
              : null;
    if (!notice) return;
    const key = notice.key;
    this.app.sessions.userOf(row.userId).then(
      (user) => {
        const locale = user && isLocale(user.locale) ? user.locale : 'en';
        const text = translate(locale, key, {
          amount: formatTokenAmount(
            row.amount,
            row.symbol === NATIVE_CURRENCY ? BNB_DECIMALS : USDT_DECIMALS,
            locale,
          ),
          symbol: row.symbol,
          ...notice.params,
        });
        room.emit('notification', {
          text,
          color:
            row.status === 'FAIL' ? 'error' : row.status === 'CANCELED' ? 'warning' : 'success',
        });
        // Deposits credited, sales paid, withdrawals settled: a phone with the app closed hears.
        void this.app.push.notify(row.userId, 'money', noticePush('money', text, '/wallet'));
      },
      (error: unknown) => this.app.log.warn({ err: error }, 'wallet notification failed'),
    );
  }
}

/** A notification's message key and extra parameters (amount and symbol are always given). */
export interface NoticeText {
  key: string;
  params?: Record<string, string>;
}

/** A module's wording of a settled row: `undefined` when the row is not the module's. */
export type Describer = (row: LedgerNotice) => NoticeText | null | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    chain: ChainRuntime;
  }
}

async function chainPlugin(app: FastifyInstance, { chain }: { chain?: Chain }): Promise<void> {
  const runtime = new ChainRuntime(app);
  if (chain) runtime.attach(chain);
  app.decorate('chain', runtime);
}

export const chainRuntimePlugin = fp(chainPlugin, {
  name: 'chain',
  dependencies: ['db', 'auth', 'socket'],
});
