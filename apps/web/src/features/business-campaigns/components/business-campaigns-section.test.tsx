import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessCampaigns } from '@meeet/core/api/campaigns';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { campaignFixture } from '../campaigns.test-support.ts';
import { NS } from '../i18n.ts';
import { BusinessCampaignsSection } from './business-campaigns-section.tsx';

type Row = BusinessCampaigns['list'][number];

const row = (fields: Partial<Row>): Row => ({
  ...campaignFixture,
  status: 'running',
  statusReason: null,
  totalCharged: '60000000000000000',
  ...fields,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('a business’s campaigns in the control area', () => {
  it('shows status and spend, and suspends a running campaign with a reason', async () => {
    let list = [row({}), row({ id: 8, title: 'Old', status: 'ended', totalCharged: '0' })];
    const sent = serveApi({
      'GET /api/control/businesses/3/campaigns': () => ({ list }),
      'POST /api/control/campaigns/7/suspend': ({ body }) => {
        const reason = (body as { reason: string }).reason;
        list = [row({ status: 'refused', statusReason: reason }), list[1]!];
        return list[0]!;
      },
    });
    renderPage(<BusinessCampaignsSection businessId={3} />);
    const running = await screen.findByTestId('control-campaign-7');
    const cells = within(running)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Coffee for two', 'Running', '0.06']);
    // An ended campaign cannot be suspended.
    expect(within(screen.getByTestId('control-campaign-8')).queryByRole('button')).toBeNull();

    fireEvent.click(within(running).getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByTestId('campaign-suspend-confirm');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('campaign-suspend-reason'), {
      target: { value: 'Misleading offer' },
    });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(screen.getByTestId('control-campaign-7').textContent).toContain(
        'Refused — Misleading offer',
      ),
    );
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ reason: 'Misleading offer' });
  });

  it('keeps the dialog open with the server’s message when the suspension is refused', async () => {
    serveApi({
      'GET /api/control/businesses/3/campaigns': () => ({ list: [row({ status: 'paused' })] }),
      'POST /api/control/campaigns/7/suspend': () =>
        Response.json({ code: 'CONFLICT', message: 'Not now' }, { status: 409 }),
    });
    renderPage(<BusinessCampaignsSection businessId={3} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    fireEvent.change(await screen.findByTestId('campaign-suspend-reason'), {
      target: { value: 'Wrong link' },
    });
    fireEvent.click(screen.getByTestId('campaign-suspend-confirm'));
    await screen.findByRole('alert');
    screen.getByTestId('campaign-suspend-reason');
  });
});
