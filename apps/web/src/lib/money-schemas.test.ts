import { describe, expect, it } from 'vitest';
import { moneySchema } from './money-schemas.ts';

describe('money schemas', () => {
  it('loads the core schemas a layer at a time and checks answers with them', async () => {
    const market = await moneySchema('marketResponseSchema')();
    expect(market.safeParse({ levels: 'not a list' }).success).toBe(false);
    const transaction = await moneySchema('transactionSchema')();
    expect(transaction.safeParse({}).success).toBe(false);
    // The same module instance, once loaded.
    expect(await moneySchema('marketResponseSchema')()).toBe(market);
  });
});
