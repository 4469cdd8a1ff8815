import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PASSWORD, registerUser, setRole, uniqueEmail } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

// People of the iOS app's web export (apps/mobile) for the browser tests of project "mobile":
// each joins in a context of their own with a location, a fingerprint and permissions.

export interface Person {
  context: BrowserContext;
  page: Page;
  nickname: string;
  at: { latitude: number; longitude: number };
}

/** Metres between two points (haversine). */
export function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

export async function join(
  browser: Browser,
  name: string,
  at: Person['at'],
  /** What the context needs before the app's first page loads (a test radio, for one). */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Person> {
  const context = await browser.newContext({
    geolocation: { ...at, accuracy: 8 },
    permissions: ['geolocation'],
    locale: 'en-US',
  });
  await prepare?.(context);
  const page = await context.newPage();
  const email = uniqueEmail(name);
  const nickname = `${name}${Date.now() % 100000}`;
  await page.goto('/');
  await page.getByText('No account yet? Join').click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I am an adult/ }).click();
  const since = Date.now();
  await page.getByRole('button', { name: 'Join', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  const mail = await waitForMail(email, { since });
  await page.getByLabel('Code from the e-mail').fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Nickname').fill(nickname);
  await page.getByLabel('Birth date (DD.MM.YYYY)').fill('17.05.1990');
  await page.getByRole('checkbox', { name: 'Female' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'People nearby' })).toBeVisible();
  return { context, page, nickname, at };
}

/** The auth token the app keeps (spec §3 storage entry `auth`). */
export async function tokenOf(person: Person): Promise<string> {
  return person.page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token);
}

/** Test USDT and BNB on the local chain, then a Silver token bought once the funds count. */
export async function buySilver(request: APIRequestContext, person: Person): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(person)}` };
  const funded = await request.post('/api/crypto/dev/fund', { headers, data: {} });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  await expect
    .poll(
      async () => {
        const bought = await request.post('/api/crypto/nft/buy', {
          headers: { ...headers, 'idempotency-key': randomUUID() },
          data: { level: 0 },
        });
        return bought.status();
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeLessThan(300);
  // Held once the purchase completed: a meeting proposed before would be refused at its start
  // (the first-purchase rule is checked when a meeting is proposed).
  await expect
    .poll(
      async () => {
        const market = (await (await request.get('/api/crypto/market', { headers })).json()) as {
          levels: { level: number; mine: { token: unknown; transactionId: unknown } | null }[];
        };
        const mine = market.levels.find((level) => level.level === 0)?.mine;
        return Boolean(mine?.token) && mine?.transactionId === null;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
}

export async function raiseHand(
  person: Pick<Person, 'page'>,
  mood: 'Romantic' | 'Business' | 'Just chat',
) {
  await person.page.getByRole('radio', { name: mood }).click();
  await person.page.getByRole('button', { name: 'Raise a hand' }).click();
  await expect(person.page.getByText(`Your hand is up: ${mood}`)).toBeVisible();
}

/**
 * Silver tokens in the market's stock, minted by an admin: `count` for these people, and as many
 * again as other browser tests left waiting in Silver's queue (minting serves the queue first).
 */
export async function stockSilver(request: APIRequestContext, count: number): Promise<void> {
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const market = (await (await request.get('/api/crypto/market')).json()) as {
    levels: { level: number; queueLength: number }[];
  };
  const queued = market.levels.find((level) => level.level === 0)?.queueLength ?? 0;
  const stock = await request.post('/api/crypto/market/mint', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { level: 0, count: queued + count },
  });
  expect(stock.status(), await stock.text()).toBeLessThan(300);
}

/**
 * Keeps each phone reporting a fix at its place, a couple of metres of wobble apart, as phones
 * lying together do; the returned function stops them.
 */
export function stayAtTheirPlaces(people: readonly Person[]): () => Promise<void> {
  let staying = true;
  const reporting = (async () => {
    for (let step = 0; staying; step += 1) {
      for (const person of people) {
        await person.context.setGeolocation({
          latitude: person.at.latitude + (step % 2) * 0.000005,
          longitude: person.at.longitude,
          accuracy: 5,
        });
      }
      await new Promise((done) => setTimeout(done, 600));
    }
  })();
  return async () => {
    staying = false;
    await reporting;
  };
}

/** Each of the two is told that their meeting minted a Silver token for them both. */
export async function expectMintedTogether(
  pair: readonly [Person, Person],
  timeout: number,
): Promise<void> {
  for (const [person, partner] of [pair, [pair[1], pair[0]]] as const) {
    await expect(
      person.page.getByText(
        new RegExp(
          `^You met ${partner.nickname}: Silver #\\d+ is minted and goes on sale on the market`,
        ),
      ),
    ).toBeVisible({ timeout });
  }
}
