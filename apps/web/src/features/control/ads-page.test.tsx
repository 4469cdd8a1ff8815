import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdCampaign } from '@meeet/core/api/ads';
import { serveApi } from '../../../test/api-server.ts';
import { renderPage } from '../../../test/render-page.tsx';
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

const CAMPAIGNS = '/api/ads/campaigns';

/** Lists `list`; a saved campaign comes back as sent. Returns the saves sent. */
function serveCampaigns(list: AdCampaign[]) {
  const sent = serveApi({
    [`GET ${CAMPAIGNS}`]: () => ({ list }),
    [`POST ${CAMPAIGNS}`]: ({ body }) => ({ ...campaign, id: 6, ...(body as object) }),
  });
  return () => sent.filter((r) => r.method === 'POST');
}

/** Opens the new-campaign form and fills the fields every campaign needs. */
async function startCampaign(title: string, text: string, link: string) {
  renderPage(<AdsPage />);
  const form = await screen.findByRole('form', { name: 'New campaign' });
  for (const [name, value] of [
    ['Title', title],
    ['Text', text],
    ['Link', link],
  ] as const) {
    fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } });
  }
  return form;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

describe('control: ad campaigns', () => {
  it('lists each campaign with its audience, moods and token levels included', async () => {
    serveCampaigns([campaign]);
    renderPage(<AdsPage />);
    const row = await screen.findByTestId('ads-campaign');
    within(row).getByText('#5 Dinner for two');
    within(row).getByText('Audience: DE · Romantic · Gold');
  });

  it('sends the ticked moods and token levels with the campaign', async () => {
    const saves = serveCampaigns([]);
    const form = await startCampaign('Coffee', 'Meet over coffee', 'https://example.com/coffee');
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

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.path).toBe(CAMPAIGNS);
    // In the order of the options, whatever the order of the clicks.
    expect(saves()[0]?.body).toMatchObject({
      title: 'Coffee',
      moods: ['business', 'just_chat'],
      levels: [0],
    });
    await screen.findByText('Saved.');
    // A long form of many fields: seconds on a busy machine.
  }, 30_000);

  it('picks languages, countries and genders from lists, no typing of codes', async () => {
    const saves = serveCampaigns([]);
    const form = await startCampaign('Brunch', 'Sunday brunch', 'https://example.com/brunch');
    const languages = within(form).getByRole('group', { name: 'Languages' });
    fireEvent.click(within(languages).getByRole('checkbox', { name: 'Russian' }));
    const genders = within(form).getByRole('group', { name: 'Genders' });
    fireEvent.click(within(genders).getByRole('checkbox', { name: 'women' }));
    const countryBox = within(form).getByRole('combobox', { name: 'Countries' });
    fireEvent.change(countryBox, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({
      languages: ['ru'],
      countries: ['DE'],
      genders: [1],
    });
  }, 30_000);

  it('reads in Russian', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces([NS, 'core']);
    serveCampaigns([campaign]);
    renderPage(<AdsPage />);
    const row = await screen.findByTestId('ads-campaign');
    within(row).getByText('Аудитория: DE · Романтика · Gold');
    const moods = screen.getByRole('group', { name: 'Настроения' });
    within(moods).getByRole('checkbox', { name: 'Просто общение' });
    screen.getByRole('group', { name: 'Уровни токенов' });
  });
});
