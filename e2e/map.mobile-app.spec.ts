import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { join, raiseHand } from './support/mobile-people.ts';

// The iOS app's web build draws OpenFreeMap's street style by default. This machine reaches no
// network, so for one person the browser answers that very URL with a small stand-in style
// (streets and a park as GeoJSON, no labels: those need glyphs from the network); the other
// person's browser gets nothing, as a phone offline would.
const center = { latitude: 55.7558, longitude: 37.6173 };
const line = (coordinates: [number, number][]) => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'LineString', coordinates },
});
const { latitude: la, longitude: lo } = center;
const STAND_IN_STYLE = {
  version: 8,
  sources: {
    park: {
      type: 'geojson',
      data: {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lo + 0.003, la + 0.001],
              [lo + 0.007, la + 0.001],
              [lo + 0.007, la + 0.003],
              [lo + 0.003, la + 0.003],
              [lo + 0.003, la + 0.001],
            ],
          ],
        },
      },
    },
    streets: {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: [
          ...[-0.006, -0.003, 0, 0.003, 0.006].map((d) =>
            line([
              [lo - 0.02, la + d],
              [lo + 0.02, la + d],
            ]),
          ),
          ...[-0.01, -0.005, 0, 0.005, 0.01].map((d) =>
            line([
              [lo + d, la - 0.012],
              [lo + d, la + 0.012],
            ]),
          ),
        ],
      },
    },
  },
  layers: [
    { id: 'land', type: 'background', paint: { 'background-color': '#1d2230' } },
    { id: 'park', type: 'fill', source: 'park', paint: { 'fill-color': '#23412f' } },
    {
      id: 'streets',
      type: 'line',
      source: 'streets',
      paint: { 'line-color': '#475066', 'line-width': 7 },
    },
  ],
};

const shots = resolve(import.meta.dirname, '..', 'test-results', 'mobile-screens');
mkdirSync(shots, { recursive: true });

function mapOf(page: Page) {
  return page.getByRole('region', { name: 'Map of people nearby' });
}

async function distanceTo(page: Page, nickname: string): Promise<string> {
  const marker = mapOf(page).getByRole('button', { name: new RegExp(`^${nickname}, `) });
  await expect(marker).toBeVisible();
  const label = (await marker.getAttribute('aria-label')) ?? '';
  return /about (.+) away$/.exec(label)?.[1] ?? label;
}

test('the map shows streets, named people, "you" and a key, and one distance both ways', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const anna = await join(browser, 'anna', center, async (context) => {
    await context.route('https://tiles.openfreemap.org/**', (route) =>
      // Cross-origin, as the real one: it must allow the app's origin.
      route.fulfill({ json: STAND_IN_STYLE, headers: { 'access-control-allow-origin': '*' } }),
    );
  });
  // About 400 m north of Anna.
  const boris = await join(browser, 'boris', { latitude: la + 0.0036, longitude: lo });
  await raiseHand(anna, 'Romantic');
  await raiseHand(boris, 'Business');

  // Each sees the other by name on the map, and both read the same distance.
  const annaSees = await distanceTo(anna.page, boris.nickname);
  const borisSees = await distanceTo(boris.page, anna.nickname);
  expect(annaSees).toMatch(/^(\d+00 m|\d+(\.\d)? km)$/);
  expect(borisSees).toBe(annaSees);
  await expect(mapOf(anna.page).getByText(boris.nickname, { exact: true })).toBeVisible();
  await expect(mapOf(anna.page).getByRole('button', { name: 'You are here' })).toBeVisible();
  const key = anna.page.getByLabel('Map key');
  for (const word of ['Romantic', 'Business', 'Just chat', 'You']) {
    await expect(key.getByText(word, { exact: true })).toBeVisible();
  }

  // Anna's street map loaded; Boris, offline, is told why his map is plain.
  await expect(mapOf(anna.page).getByRole('status')).toHaveCount(0);
  await expect(mapOf(boris.page).getByRole('status')).toHaveText(
    'No street map without a connection: people are shown on a plain background',
  );
  await anna.page.screenshot({ path: resolve(shots, 'map-streets.png') });

  // A marker opens the person's card.
  await mapOf(anna.page)
    .getByRole('button', { name: new RegExp(`^${boris.nickname}, `) })
    .click();
  await expect(anna.page.getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
  await anna.context.close();
  await boris.context.close();
});
