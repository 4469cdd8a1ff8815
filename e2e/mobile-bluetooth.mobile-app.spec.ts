import { expect, test, type BrowserContext } from '@playwright/test';
import {
  buySilver,
  expectMintedTogether,
  join,
  stayAtTheirPlaces,
  stockSilver,
  type Person,
} from './support/mobile-people.ts';

// A whole Bluetooth meeting of the iOS app against the real server: the app's own code fetches
// its rotating tokens, advertises them, hears the other phone's, signs the start handshake with
// the proof of packages/core and reports what it hears in every ping; the server resolves the
// tokens, checks the proofs, counts the minutes and mints. Only the radio is a stand-in — a
// browser has no Bluetooth LE — and it carries exactly what the air would: each phone hears
// the token the other advertises right now.

/** What each phone is advertising now: the air between the two. */
const air = new Map<string, string>();

async function withRadio(name: string, context: BrowserContext): Promise<void> {
  await context.exposeBinding('meeetAir', (_source, op: string, token?: string) => {
    if (op === 'advertise' && token) air.set(name, token);
    if (op === 'silence') air.delete(name);
    return [...air].filter(([who]) => who !== name).map(([, heard]) => heard);
  });
  await context.addInitScript(() => {
    type Heard = { token: string; rssi: number; at: number };
    // Looked up at each call: the binding and this script are both installed before the app.
    const call = (op: string, token?: string) =>
      (window as unknown as { meeetAir: (op: string, t?: string) => Promise<string[]> }).meeetAir(
        op,
        token,
      );
    const timers = new Set<ReturnType<typeof setInterval>>();
    (window as unknown as { meeetTestRadio: object }).meeetTestRadio = {
      available: async () => true,
      startAdvertising: async (token: string) => void (await call('advertise', token)),
      stopAdvertising: async () => void (await call('silence')),
      startScanning: async (onHeard: (heard: Heard) => void) => {
        const listen = async () => {
          for (const token of await call('scan')) onHeard({ token, rssi: -55, at: Date.now() });
        };
        timers.add(setInterval(() => void listen(), 500));
        await listen();
      },
      stopScanning: () => {
        for (const timer of timers) clearInterval(timer);
        timers.clear();
      },
    };
  });
}

test('two phones meet over Bluetooth: tokens heard, proofs checked, minutes counted, minted', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const place = { latitude: 59.9343, longitude: 30.3351 };
  const anna = await join(browser, 'annable', place, (c) => withRadio('anna', c));
  const boris = await join(
    browser,
    'borisble',
    { latitude: place.latitude + 0.00002, longitude: place.longitude },
    (c) => withRadio('boris', c),
  );
  await stockSilver(request, 2);
  await Promise.all([buySilver(request, anna), buySilver(request, boris)]);

  // Both phones report fixes a couple of metres apart while they are together.
  const part = stayAtTheirPlaces([anna, boris]);

  const start = async (person: Person) => {
    await person.page.goto('/meetings');
    await person.page.getByRole('button', { name: 'Start with the phone nearby' }).click();
  };
  await Promise.all([start(anna), start(boris)]);
  for (const [person, partner] of [
    [anna, boris],
    [boris, anna],
  ] as const) {
    await expect(
      person.page.getByText(`Meeting with ${partner.nickname} in progress`),
    ).toBeVisible();
  }
  // A Bluetooth meeting completes by itself once enough minutes counted with the tokens heard.
  await expectMintedTogether([anna, boris], 90_000);

  await part();
  await anna.context.close();
  await boris.context.close();
});
