import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MarketLevel, MarketResponse } from '@meeet/core/api/market';
import type { NftType } from '@meeet/core/enums';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { GuestMarketContent } from './market-content.tsx';

const UNIT = 10n ** 18n;

const level = (type: NftType, stock: number, forSale: string[]): MarketLevel => ({
  level: type,
  name: ['Silver', 'Gold', 'Platinum'][type] as string,
  price: (([100n, 1000n, 10000n][type] as bigint) * UNIT).toString(),
  stock,
  queueLength: 4,
  forSale,
  queues: stock === 0,
  kycRequired: type > 0,
  mine: null,
});

const MARKET: MarketResponse = {
  available: true,
  symbol: 'USDT',
  decimals: 18,
  nativeSymbol: 'BNB',
  nativeDecimals: 18,
  gasPrice: '3000000000',
  buyFee: '450000000000000',
  levels: [level(0, 2, ['7', '8']), level(1, 0, []), level(2, 1, ['9'])],
  account: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderGuest(selected: NftType) {
  render(
    <MemoryRouter initialEntries={['/market']}>
      <Routes>
        <Route
          path="/market"
          element={<GuestMarketContent market={MARKET} selected={selected} onSelect={() => {}} />}
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('the market as a guest sees it', () => {
  it('shows price, stock, queue and the art of tokens for sale, each leading to its page', () => {
    renderGuest(0);
    const details = screen.getByRole('region', { name: 'Silver' });
    expect(details.textContent).toContain('100 USDT');
    expect(details.textContent).toContain('In stock2');
    expect(details.textContent).toContain('Waiting in the queue4');
    screen.getByRole('img', { name: 'Silver #7' });
    fireEvent.click(screen.getByRole('link', { name: /Silver #8/ }));
    expect(screen.getByTestId('where').textContent).toBe('/market/token/8');
  });

  it('asks to sign in at "Buy" and names this level as the way back', () => {
    renderGuest(2);
    screen.getByText(/asked to sign in, then brought back/);
    fireEvent.click(screen.getByRole('button', { name: 'Buy Platinum' }));
    const target = new URL(screen.getByTestId('where').textContent ?? '', 'https://x');
    expect(target.pathname).toBe('/auth/login');
    expect(target.searchParams.get('next')).toBe('/market?nft=2');
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderGuest(0);
    expect(screen.getByRole('button', { name: 'Купить Silver' }).hasAttribute('disabled')).toBe(
      false,
    );
    screen.getByText('Токены Silver в продаже');
  });
});
