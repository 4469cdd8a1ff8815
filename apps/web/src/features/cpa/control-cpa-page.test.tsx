import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CpaPartner, CpaSettings } from '@meeet/core/api/cpa';
import i18n from '../../i18n/i18n.ts';
import ControlCpaPage from './control-cpa-page.tsx';
import { NS } from './i18n.ts';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';

const U = 10n ** 18n;
const settings: CpaSettings = {
  currency: 'USDT',
  payouts: {
    registration: { standard: String(U), premium: String((3n * U) / 2n) },
    fill_profile: { standard: String(U / 2n), premium: String((3n * U) / 4n) },
    first_meet: { standard: String(2n * U), premium: String(3n * U) },
    purchase: { standard: String(5n * U), premium: String(8n * U) },
  },
};
const partner: CpaPartner = {
  userId: 42,
  email: 'ads@example.com',
  nickname: 'adsguy',
  level: 'standard',
  links: 2,
  totals: { hits: 10, regs: 4, value: String(200n * U), profit: String(6n * U), paid: String(U) },
  unpaid: String(5n * U),
  fraud: { selfHits: 3, sharedDeviceRegs: 1, flaggedConversions: 0 },
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(() => {
  cleanup();
});

const handlers = (extra = {}) => ({
  'GET /api/cpa/settings': () => Response.json(settings),
  'GET /api/cpa/partners': () => Response.json({ items: [partner] }),
  'GET /api/cpa/landings': () =>
    Response.json({ items: [{ name: 'cpa-landing-meet', path: '/l/meet' }] }),
  ...extra,
});

describe('control: CPA', () => {
  it('edits the payouts per action and level in USDT and saves them as units', async () => {
    const calls = serveApi(
      handlers({
        'PUT /api/cpa/settings': ({ body }: { body: unknown }) => Response.json(body),
      }),
    );
    renderPage(<ControlCpaPage />);
    const field = await screen.findByLabelText('First meeting, Premium');
    expect((field as HTMLInputElement).value).toBe('3');
    fireEvent.change(field, { target: { value: '4.25' } });
    fireEvent.change(screen.getByLabelText('Registration, Standard'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payouts' }));
    await screen.findByText('Payouts saved');
    const put = calls.find((c) => c.method === 'PUT')?.body as CpaSettings;
    expect(put.payouts.first_meet.premium).toBe(String((17n * U) / 4n));
    expect(put.payouts.registration.standard).toBe('0');
    expect(put.payouts.purchase.standard).toBe(String(5n * U));
  });

  it('refuses a payout that is not a number, without saving', async () => {
    const calls = serveApi(handlers());
    renderPage(<ControlCpaPage />);
    fireEvent.change(await screen.findByLabelText('Purchase, Standard'), {
      target: { value: 'five' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save payouts' }));
    await screen.findByText('Enter an amount as a number, e.g. 12.5');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lists partners with totals and fraud signals, and records a payout after confirmation', async () => {
    const calls = serveApi(
      handlers({
        'POST /api/cpa/rewards': ({ body }: { body: unknown }) =>
          Response.json(
            {
              id: 1,
              userId: 42,
              amount: (body as { amount: string }).amount,
              transaction: null,
              createdAt: '2026-11-23T12:00:00.000Z',
            },
            { status: 201 },
          ),
      }),
    );
    renderPage(<ControlCpaPage />);
    const table = await screen.findByRole('table', { name: 'Partners' });
    const row = within(table).getByRole('row', { name: /UID 42/ });
    within(row).getByText('adsguy');
    within(row).getByText('Own-device hits: 3');
    within(row).getByText('Shared-device registrations: 1');
    expect(within(row).queryByText(/Held-back conversions/)).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Pay 5 USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay 5 USDT to UID 42?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await screen.findByText('Payout sent: 5 USDT');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        userId: 42,
        amount: String(5n * U),
      }),
    );
    screen.getByText(/\/l\/meet$/);
  });
});
