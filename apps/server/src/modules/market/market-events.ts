import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NftType } from '@meeet/core/enums';
import type { Tx } from '../../plugins/db.ts';

/** A purchase became final: the token is the buyer's (from stock or served from the queue). */
export interface PurchaseCompleted {
  userId: number;
  level: NftType;
  /** What the buyer paid, in USDT's smallest unit. */
  price: bigint;
  /** The purchase's BUY_NFT row. */
  transactionId: number;
}

/** A generator was paid its share of a minted token's sale (the market's REWARD row). */
export interface GeneratorPaid {
  userId: number;
  amount: bigint;
  transactionId: number;
}

type Listener<E> = (tx: Tx, event: E) => Promise<void>;

/**
 * What other modules may hear from the market. Listeners run inside the market's own database
 * transaction, so whatever they record commits (or rolls back) with the event, exactly once.
 */
export class MarketEvents {
  private readonly purchase: Listener<PurchaseCompleted>[] = [];
  private readonly generator: Listener<GeneratorPaid>[] = [];

  onPurchaseCompleted(listener: Listener<PurchaseCompleted>): void {
    this.purchase.push(listener);
  }

  onGeneratorPaid(listener: Listener<GeneratorPaid>): void {
    this.generator.push(listener);
  }

  async purchaseCompleted(tx: Tx, event: PurchaseCompleted): Promise<void> {
    for (const listener of this.purchase) await listener(tx, event);
  }

  async generatorPaid(tx: Tx, event: GeneratorPaid): Promise<void> {
    for (const listener of this.generator) await listener(tx, event);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    marketEvents: MarketEvents;
  }
}

async function marketEvents(app: FastifyInstance): Promise<void> {
  app.decorate('marketEvents', new MarketEvents());
}

export const marketEventsPlugin = fp(marketEvents, { name: 'market-events' });
