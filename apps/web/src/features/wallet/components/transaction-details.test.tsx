import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from '@meeet/core/api/crypto';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { StatusChip } from './status-chip.tsx';
import { TransactionDetails } from './transaction-details.tsx';

const FROM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const TO = '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF';
const HASH = `0x${'3f'.repeat(32)}`;

const transaction = (overrides: Partial<Transaction>): Transaction => ({
  id: 1,
  type: 'INPUT',
  status: 'PROCESSING',
  amount: `${50n * 10n ** 18n}`,
  symbol: 'USDT',
  decimals: 18,
  from: FROM,
  to: TO,
  hash: HASH,
  explorerUrl: null,
  blockNumber: '120',
  error: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  confirmations: { count: 3, required: 15 },
  gasFee: null,
  ...overrides,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

// Issue 46: the wallet as Binance users expect it.
describe('a transaction in the wallet history', () => {
  it('counts the confirmations of a deposit on its way', async () => {
    render(<StatusChip status="PROCESSING" confirmations={{ count: 3, required: 15 }} />);
    screen.getByText('Processing · 3 of 15');
    cleanup();
    await i18n.changeLanguage('ru');
    render(<StatusChip status="PROCESSING" confirmations={{ count: 3, required: 15 }} />);
    screen.getByText('В обработке · 3 из 15');
  });

  it('shows a final transaction without a count', () => {
    render(<StatusChip status="CONFIRMED" confirmations={null} />);
    screen.getByText('Confirmed');
  });

  it('shows the sender and hash in full, each with a copy button, and no gas for a deposit', () => {
    render(<TransactionDetails transaction={transaction({})} />);
    expect(screen.getByTestId('tx-counterpart').textContent).toBe(FROM);
    expect(screen.getByTestId('tx-hash').textContent).toBe(HASH);
    expect(screen.getAllByRole('button', { name: 'Copy' })).toHaveLength(2);
    screen.getByText('From');
    expect(screen.queryByTestId('tx-gas')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows where a withdrawal went, its gas and its explorer page', () => {
    render(
      <TransactionDetails
        transaction={transaction({
          type: 'OUTPUT',
          status: 'CONFIRMED',
          confirmations: null,
          gasFee: `${65_000n * 3_000_000_000n}`,
          explorerUrl: `https://bscscan.com/tx/${HASH}`,
        })}
      />,
    );
    const to = screen.getByText('To').parentElement as HTMLElement;
    within(to).getByText(TO);
    expect(screen.getByTestId('tx-gas').textContent).toBe('Gas: up to 0.0002 BNB');
    expect(screen.getByRole('link', { name: /View in explorer/ }).getAttribute('href')).toBe(
      `https://bscscan.com/tx/${HASH}`,
    );
  });
});
