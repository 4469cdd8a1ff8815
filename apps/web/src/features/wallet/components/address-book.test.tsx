import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressBookResponse } from '@meeet/core/api/custody';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { AddressBook } from './address-book.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('wallet: the "only to saved addresses" switch', () => {
  it('turns on at the click, stays on while the server answers, and keeps its answer', async () => {
    const book: AddressBookResponse = { addresses: [], onlySaved: false };
    let answer: (() => void) | undefined;
    const sent = serveApi({
      'GET /api/crypto/wallet/addresses': () => book,
      'PATCH /api/crypto/wallet/addresses/only-saved': async ({ body }) => {
        await new Promise<void>((resolve) => (answer = resolve));
        book.onlySaved = (body as { onlySaved: boolean }).onlySaved;
        return HttpResponse.json(book);
      },
    });
    renderPage(<AddressBook />);
    const toggle = await screen.findByRole('switch', { name: /Withdraw only to saved addresses/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));

    fireEvent.click(toggle);
    // At once, not a tick later: a switch that flicks back reads as a refused click.
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(answer).toBeDefined());
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { onlySaved: true },
    ]);

    answer!();
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('returns to the saved choice when the server refuses the change', async () => {
    serveApi({
      'GET /api/crypto/wallet/addresses': () => ({ addresses: [], onlySaved: false }),
      'PATCH /api/crypto/wallet/addresses/only-saved': () =>
        HttpResponse.json({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' }, { status: 429 }),
    });
    renderPage(<AddressBook />);
    const toggle = await screen.findByRole('switch', { name: /Withdraw only to saved addresses/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });
});
