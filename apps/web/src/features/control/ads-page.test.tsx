import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdCampaign } from '@meeet/core/api/ads';
import i18n from '../../i18n/i18n.ts';
import AdsPage from './ads-page.tsx';
import { NS } from './i18n.ts';

const campaign: AdCampaign = {
  id: 5,
  title: 'Dinner for two',
  text: 'A table by the window',
  imageId: null,
  link: 'https://example.com/dinner',
  languages: [],
  placements: ['home'],
  countries: ['DE'],
  genders: [],
  ageMin: null,
  ageMax: null,
  moods: ['romantic'],
  levels: [1],
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  dailyCap: null,
  viewerDailyCap: 3,
  active: true,
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdsPage />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('control: ad campaigns', () => {
  it('lists each campaign with its audience, moods and token levels included', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ list: [campaign] })),
    );
    renderPage();
    const row = await screen.findByTestId('ads-campaign');
    within(row).getByText('#5 Dinner for two');
    within(row).getByText('Audience: DE · Romantic · Gold');
  });

  it('sends the ticked moods and token levels with the campaign', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json({ ...campaign, id: 6, ...JSON.parse(String(init.body)) })
        : Response.json({ list: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const form = await screen.findByRole('form', { name: 'New campaign' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Coffee' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Meet over coffee' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Link' }), {
      target: { value: 'https://example.com/coffee' },
    });
    const moods = within(form).getByRole('group', { name: 'Moods' });
    fireEvent.click(within(moods).getByRole('checkbox', { name: 'Just chat' }));
    fireEvent.click(within(moods).getByRole('checkbox', { name: 'Business' }));
    const levels = within(form).getByRole('group', { name: 'Token levels' });
    fireEvent.click(within(levels).getByRole('checkbox', { name: 'Platinum' }));
    fireEvent.click(within(levels).getByRole('checkbox', { name: 'Silver' }));
    fireEvent.click(within(levels).getByRole('checkbox', { name: 'Platinum' }));
    expect(
      within(levels)
        .getByRole<HTMLInputElement>('checkbox', { name: 'Platinum' })
        .matches(':checked'),
    ).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/ads/campaigns');
    // In the order of the options, whatever the order of the clicks.
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Coffee',
      moods: ['business', 'just_chat'],
      levels: [0],
    });
    await screen.findByText('Saved.');
    // A long form of many fields: seconds on a busy machine.
  }, 30_000);

  it('picks languages, countries and genders from lists, no typing of codes', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? Response.json({ ...campaign, id: 7, ...JSON.parse(String(init.body)) })
        : Response.json({ list: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const form = await screen.findByRole('form', { name: 'New campaign' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Brunch' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Sunday brunch' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Link' }), {
      target: { value: 'https://example.com/brunch' },
    });
    const languages = within(form).getByRole('group', { name: 'Languages' });
    fireEvent.click(within(languages).getByRole('checkbox', { name: 'Russian' }));
    const genders = within(form).getByRole('group', { name: 'Genders' });
    fireEvent.click(within(genders).getByRole('checkbox', { name: 'women' }));
    const countryBox = within(form).getByRole('combobox', { name: 'Countries' });
    fireEvent.change(countryBox, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      languages: ['ru'],
      countries: ['DE'],
      genders: [1],
    });
  }, 30_000);

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces([NS, 'core']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ list: [campaign] })),
    );
    renderPage();
    const row = await screen.findByTestId('ads-campaign');
    within(row).getByText('Аудитория: DE · Романтика · Gold');
    const moods = screen.getByRole('group', { name: 'Настроения' });
    within(moods).getByRole('checkbox', { name: 'Просто общение' });
    screen.getByRole('group', { name: 'Уровни токенов' });
  });
});
