import { randomUUID } from 'node:crypto';
import { expect, readyUser, registerUser, setRole, signIn, test } from './support/fixtures.ts';

// Issue 17: each token has its own picture, shown in the wallet and on the token's page, and
// its on-chain metadata names the same picture.

// Funding, approve + buy mined and confirmed: chain work takes longer than a form.
const CHAIN_TIMEOUT = 120_000;

test('token art in the wallet', async ({ page, request }) => {
  test.setTimeout(4 * 60_000);
  const admin = await registerUser(request);
  setRole(admin.user.email, 'admin');
  const mint = await request.post('/api/crypto/market/mint', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { level: 0, count: 1 },
  });
  expect(mint.status(), await mint.text()).toBeLessThan(300);

  const buyer = await readyUser(request);
  const auth = { authorization: `Bearer ${buyer.token}` };
  const funded = await request.post('/api/crypto/dev/fund', { headers: auth, data: {} });
  expect(funded.status(), await funded.text()).toBeLessThan(300);
  // Buys once the funds count (a refusal meanwhile says why).
  await expect
    .poll(
      async () =>
        (
          await request.post('/api/crypto/nft/buy', {
            headers: { ...auth, 'idempotency-key': randomUUID() },
            data: { level: 0 },
          })
        ).status(),
      { timeout: CHAIN_TIMEOUT, intervals: [1000] },
    )
    .toBeLessThan(300);

  await signIn(page, buyer);
  await page.goto('/account/market');
  const card = page.locator('[data-testid="wallet-nft"][data-type="0"]');
  await expect(card).toBeVisible({ timeout: CHAIN_TIMEOUT });
  const art = card.getByRole('img', { name: /^Silver #\d+$/ });
  await expect(art).toBeVisible();
  // The picture really arrived and was drawn, not a broken-image box.
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(512);
  const id = await art.getAttribute('data-token-id');
  expect(id).toMatch(/^\d+$/);

  // The token's metadata — what its tokenURI names — points at the same picture.
  const metadata = await request.get(`/api/market/tokens/${id}`);
  expect(metadata.status()).toBe(200);
  const body = (await metadata.json()) as { name: string; image: string };
  expect(body.name).toBe(`Silver #${id}`);
  expect(new URL(body.image).pathname).toBe(`/api/market/tokens/${id}/image.svg`);

  // The token's page: the same art, the contract to check it against.
  await card.getByTestId('wallet-nft-view').click();
  await expect(page).toHaveURL(`/market/token/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Silver #${id}` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('img', { name: `Silver #${id}` })).toBeVisible();
  await expect(main.getByTestId('market-token-contract')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  // The local chain has no explorer, and the page says so instead of a dead link.
  await expect(main.getByTestId('market-token-no-explorer')).toBeVisible();
});
