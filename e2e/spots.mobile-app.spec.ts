import { expect, test } from '@playwright/test';
import { approvedBusiness } from './support/business.ts';
import { readyUser } from './support/fixtures.ts';
import { join } from './support/mobile-people.ts';

// A meeting spot on the app's map (issue 44): an approved venue publishes a spot, and a person
// nearby sees it as a place, with its perk, never as a person.

test('an approved venue’s meeting spot appears on the map of a person nearby', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // In Novosibirsk (other tests meet elsewhere).
  const venueAt = { lat: 55.0302, lon: 82.9204 };
  const venue = await readyUser(request);
  await approvedBusiness(request, venue, 'Polar Café LLC', venueAt);
  const published = await request.post('/api/business/spots', {
    headers: { authorization: `Bearer ${venue.token}` },
    data: {
      name: 'Polar terrace',
      category: 'cafe',
      openingHours: 'Daily 9:00–22:00',
      ...venueAt,
      perk: 'A free coffee for a MEEET meeting',
    },
  });
  expect(published.status(), await published.text()).toBeLessThan(300);

  // About 90 m from the terrace.
  const nina = await join(browser, 'nina', { latitude: 55.0309, longitude: 82.921 });
  const spot = nina.page.getByRole('button', {
    name: 'Meeting spot: Polar terrace. A free coffee for a MEEET meeting',
  });
  await expect(spot).toBeVisible({ timeout: 30_000 });
  await expect(spot).toHaveAttribute('data-spot-id', /^\d+$/);
  await nina.context.close();
});
