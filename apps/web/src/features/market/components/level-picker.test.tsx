import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MarketBuyReason, MarketLevel } from '@meeet/core/api/market';
import type { NftType } from '@meeet/core/enums';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { LevelPicker } from './level-picker.tsx';

const UNIT = 10n ** 18n;

function level(type: NftType, reasons: MarketBuyReason[] | null): MarketLevel {
  return {
    level: type,
    name: ['Silver', 'Gold', 'Platinum'][type] as string,
    price: (([100n, 1000n, 10000n][type] as bigint) * UNIT).toString(),
    stock: 3,
    queueLength: 0,
    forSale: [],
    queues: false,
    kycRequired: type > 0,
    mine:
      reasons === null
        ? null
        : {
            token: null,
            queuePosition: null,
            prepaid: null,
            transactionId: null,
            canBuy: reasons.length === 0,
            reasons,
          },
  };
}

function renderLevels(levels: MarketLevel[]) {
  render(<LevelPicker levels={levels} decimals={18} selected={0} onSelect={() => {}} />);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(NS);
});
afterEach(cleanup);

describe('market levels', () => {
  it('shows Gold as open to a user verified for Gold, and Platinum as beyond it', () => {
    renderLevels([level(0, []), level(1, []), level(2, ['kyc-level-too-low'])]);
    const gold = screen.getByRole('button', { name: /Gold/ });
    within(gold).getByText('Open to you: identity verified');
    const platinum = screen.getByRole('button', { name: /Platinum/ });
    within(platinum).getByText('Your verification allows a lower level');
  });

  it('tells an unverified user and a guest that verification is needed', () => {
    renderLevels([level(0, []), level(1, ['kyc-required']), level(2, ['kyc-required'])]);
    expect(screen.getAllByText('Identity verification required')).toHaveLength(2);
    cleanup();
    renderLevels([level(0, null), level(1, null), level(2, null)]);
    expect(screen.getAllByText('Identity verification required')).toHaveLength(2);
  });

  it('says it in Russian too', async () => {
    await i18n.changeLanguage('ru');
    renderLevels([level(0, []), level(1, []), level(2, ['kyc-level-too-low'])]);
    screen.getByText('Доступен вам: личность подтверждена');
    screen.getByText('Ваша верификация разрешает уровень ниже');
  });
});
