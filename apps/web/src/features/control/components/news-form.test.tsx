import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serveApi, type SentRequest } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { NewsForm } from './news-form.tsx';

const saved = (body: Record<string, unknown>) => ({
  id: 5,
  titleEn: body.titleEn,
  titleRu: body.titleRu,
  bodyEn: body.bodyEn,
  bodyRu: body.bodyRu,
  coverId: null,
  status: body.status,
  publishAt: '2026-11-28T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

let sent: SentRequest[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
  sent = serveApi({
    'POST /api/notif/news/': ({ body }) => saved(body as Record<string, unknown>),
  });
  renderPage(<NewsForm />);
});
afterEach(cleanup);

function fill() {
  for (const [label, value] of [
    ['Title (English)', 'Hello'],
    ['Title (Russian)', 'Привет'],
    ['Text (English)', 'Body'],
    ['Text (Russian)', 'Текст'],
  ] as const) {
    fireEvent.change(screen.getByLabelText(label, { exact: false }), {
      target: { value },
    });
  }
}

// MUI forms with several fields take a few seconds on a busy machine.
const SLOW = 30_000;

describe('control: news form', () => {
  it(
    'never shows "Saved." beside "Field is required"',
    async () => {
      fill();
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await screen.findByText('Saved.');
      // The add form is empty again: saving it now is refused field by field.
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.getAllByText('Field is required').length).toBeGreaterThan(0),
      );
      expect(screen.queryByText('Saved.')).toBeNull();
      expect(sent).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'asks before publishing, and publishes only when confirmed',
    async () => {
      fill();
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Published' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByRole('dialog', { name: 'Publish this news?' });
      within(dialog).getByText(/Readers will see “Hello” from now/);
      expect(sent).toHaveLength(0);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
      await screen.findByText('Saved.');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body).toMatchObject({ status: 'PUBLISHED' });
    },
    SLOW,
  );
});
