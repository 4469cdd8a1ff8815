import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OwnSpot } from '@meeet/core/api/business';
import { BusinessCategory } from '@meeet/core/enums';
import { serveApi } from '../../../../test/api-server.ts';
import { renderPage } from '../../../../test/render-page.tsx';
import i18n from '../../../i18n/i18n.ts';
import { NS } from '../i18n.ts';
import { SpotsSection } from './spots-section.tsx';

const PHOTO = '0b9c3a4e-7f2d-4c1a-9e5b-2d8f6a1c3e70';

const spot: OwnSpot = {
  id: 5,
  name: 'Luna terrace',
  category: BusinessCategory.CAFE,
  openingHours: '9–21',
  photoMediaId: null,
  lat: 55.75,
  lon: 37.61,
  perk: null,
  meetingsHosted: 2,
};

const photo = {
  id: PHOTO,
  ownerId: 1,
  album: 'business',
  targetId: null,
  kind: null,
  isAvatar: false,
  width: 64,
  height: 64,
  createdAt: '2026-11-28T00:00:00.000Z',
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces([NS, 'core']);
});
afterEach(cleanup);

const renderSection = () =>
  renderPage(<SpotsSection venue={{ lat: 55.75, lon: 37.61 }} category={BusinessCategory.CAFE} />);

describe('the venue’s spots', () => {
  it('edits a spot with a new photo from the business album', async () => {
    let spots = [spot];
    const sent = serveApi({
      'GET /api/business/spots': () => ({ spots }),
      'POST /api/media': () => ({ list: [photo] }),
      'PUT /api/business/spots/5': ({ body }) => {
        spots = [{ ...spot, ...(body as Partial<OwnSpot>) }];
        return spots[0]!;
      },
    });
    renderSection();
    const row = await screen.findByTestId('business-spot-5');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    screen.getByText('Editing “Luna terrace”');
    const name = screen.getByTestId('spot-name');
    expect((name as HTMLInputElement).value).toBe('Luna terrace');
    fireEvent.change(name, { target: { value: 'Luna garden' } });
    fireEvent.change(screen.getByTestId('spot-photo-input'), {
      target: { files: [new File(['x'], 'spot.png', { type: 'image/png' })] },
    });
    await screen.findByRole('img', { name: 'The spot’s photo' });
    fireEvent.click(screen.getByTestId('spot-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('business-spot-5').textContent).toContain('Luna garden'),
    );
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ name: 'Luna garden', photoMediaId: PHOTO, lat: 55.75 });
    const upload = sent.find((r) => r.path === '/api/media');
    expect(upload?.method).toBe('POST');
    // Saved: the form is back to publishing a new spot.
    await screen.findByRole('button', { name: 'Publish a spot' });
  });

  it('deletes a spot', async () => {
    let spots = [spot];
    const sent = serveApi({
      'GET /api/business/spots': () => ({ spots }),
      'DELETE /api/business/spots/5': () => {
        spots = [];
        return { ok: true };
      },
    });
    renderSection();
    const row = await screen.findByTestId('business-spot-5');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No spots yet.');
    expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/business/spots/5')).toBe(
      true,
    );
  });

  it('offers every business category for a spot, the venue’s own first chosen', async () => {
    serveApi({ 'GET /api/business/spots': () => ({ spots: [] }) });
    renderSection();
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category.textContent).toBe('Café');
    fireEvent.mouseDown(category);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Café',
      'Bar',
      'Restaurant',
      'Culture',
      'Sport',
      'Shop',
      'Brand',
      'Other',
    ]);
  });
});
