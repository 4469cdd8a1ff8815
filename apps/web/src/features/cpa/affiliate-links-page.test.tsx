import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CpaLink } from '@meeet/core/api/cpa';
import i18n from '../../i18n/i18n.ts';
import AffiliateLinksPage from './affiliate-links-page.tsx';
import { NS } from './i18n.ts';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';

const link: CpaLink = {
  id: 'AbCd234xyz',
  userId: 5,
  name: 'Spring campaign',
  callbackUrl: 'https://tracker.example/pb?cid={click_id}',
  createdAt: '2026-11-20T10:00:00.000Z',
  stats: { hits: 12, regs: 3, value: '0', profit: '1500000000000000000', paid: '0' },
};
const landings = {
  items: [
    { name: 'cpa-landing', path: '/l' },
    { name: 'cpa-landing-meet', path: '/l/meet' },
    { name: 'cpa-landing-earn', path: '/l/earn' },
  ],
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(() => {
  cleanup();
});

describe('your affiliate links', () => {
  it('lists each link with its figures and a URL per landing, with copy and QR', async () => {
    serveApi({
      'GET /api/cpa/links': () => Response.json({ items: [link] }),
      'GET /api/cpa/landings': () => Response.json(landings),
    });
    renderPage(<AffiliateLinksPage />);
    screen.getByLabelText('Loading');
    const card = await screen.findByRole('article', { name: 'Link Spring campaign' });
    within(card).getByText('Hits 12 · Registrations 3 · Profit 1.5 USDT');
    within(card).getByText('https://tracker.example/pb?cid={click_id}');
    await within(card).findByText(/\/l\/meet\?cpa=AbCd234xyz$/);
    within(card).getByRole('button', { name: 'Copy the Earn link' });
    fireEvent.click(within(card).getByRole('button', { name: 'QR code: Meet' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code: Meet' });
    within(dialog).getByRole('img', { name: /\/l\/meet\?cpa=AbCd234xyz$/ });
  });

  it('creates a link and shows its secret once', async () => {
    let links: CpaLink[] = [];
    const calls = serveApi({
      'GET /api/cpa/links': () => Response.json({ items: links }),
      'GET /api/cpa/landings': () => Response.json(landings),
      'POST /api/cpa/links': ({ body }) => {
        const created = { ...link, ...(body as object) };
        links = [created];
        return Response.json({ ...created, secret: 'whsec_only-once' }, { status: 201 });
      },
    });
    renderPage(<AffiliateLinksPage />);
    await screen.findByText('You have no links yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const form = await screen.findByRole('dialog', { name: 'New link' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Autumn' } });
    fireEvent.change(within(form).getByLabelText('Postback URL (optional)'), {
      target: { value: 'https://tracker.example/pb?cid={click_id}' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const secret = await screen.findByRole('dialog', { name: 'Postback secret' });
    within(secret).getByText('whsec_only-once');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Autumn',
      callbackUrl: 'https://tracker.example/pb?cid={click_id}',
    });
    fireEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText('whsec_only-once')).toBeNull());
    await screen.findByRole('article', { name: 'Link Autumn' });
  });

  it('shows the server’s refusal of a private postback address under the field', async () => {
    serveApi({
      'GET /api/cpa/links': () => Response.json({ items: [] }),
      'GET /api/cpa/landings': () => Response.json(landings),
      'POST /api/cpa/links': () =>
        Response.json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Invalid data',
            fields: { callbackUrl: 'This address is not allowed for postbacks' },
          },
          { status: 400 },
        ),
    });
    renderPage(<AffiliateLinksPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    const form = await screen.findByRole('dialog', { name: 'New link' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Inside' } });
    fireEvent.change(within(form).getByLabelText('Postback URL (optional)'), {
      target: { value: 'http://10.0.0.1/pb' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('This address is not allowed for postbacks');
    expect(screen.queryByRole('dialog', { name: 'Postback secret' })).toBeNull();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const calls = serveApi({
      'GET /api/cpa/links': () => Response.json({ items: [] }),
      'GET /api/cpa/landings': () => Response.json(landings),
    });
    renderPage(<AffiliateLinksPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    const form = await screen.findByRole('dialog', { name: 'New link' });
    fireEvent.change(within(form).getByLabelText('Postback URL (optional)'), {
      target: { value: 'ftp://tracker.example' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Field is required');
    within(form).getByText('Enter an http:// or https:// address');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits and deletes a link after confirmation', async () => {
    const calls = serveApi({
      'GET /api/cpa/links': () => Response.json({ items: [link] }),
      'GET /api/cpa/landings': () => Response.json(landings),
      [`PATCH /api/cpa/links/${link.id}`]: ({ body }) =>
        Response.json({ ...link, ...(body as object) }),
      [`DELETE /api/cpa/links/${link.id}`]: () => Response.json({ ok: true }),
    });
    renderPage(<AffiliateLinksPage />);
    const card = await screen.findByRole('article', { name: 'Link Spring campaign' });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit link' });
    fireEvent.change(within(form).getByLabelText('Postback URL (optional)'), {
      target: { value: '' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        name: 'Spring campaign',
        callbackUrl: '',
      }),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the link?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
