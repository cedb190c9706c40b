// The shop's pages under their Content-Security-Policy, in a real Chromium against the real
// server: the home page, the shop, the checkout with a bouquet in the cart and an album each
// load with a policy that carries a fresh nonce, and nothing on them is refused by it (the
// page helper records every violation Chromium reports as an error).
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addFromShop, baseUrl, cartIcon, openShop, products, settle, useBrowser } from './helpers.mjs';

let bouquet;
let album;
const { openPage } = useBrowser(async (browser) => {
  const context = await browser.newContext();
  bouquet = (await products(context.request)).find((p) => !p.has_variations && p.stock >= 5);
  const albums = await (await context.request.get(`${baseUrl}/api/albums/`)).json();
  album = albums[0];
  assert.ok(bouquet && album, 'the demo catalogue has a bouquet without sizes and an album');
  await context.close();
});

/** Opens `path` and answers the policy its page came with. */
async function open(page, path) {
  const response = await page.goto(`${baseUrl}${path}`);
  const policy = response.headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'nonce-[0-9a-f]{32}'/, `${path} has the app's policy`);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.doesNotMatch(policy, /unsafe-inline/);
  return policy;
}

describe('the content security policy', () => {
  it('/, /shop, /checkout and an album load with nothing refused by the policy', async () => {
    const { page, context, errors } = await openPage(1280);
    await open(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
    await settle(page);

    await open(page, '/shop');
    const grid = await openShop(page);
    await settle(page);
    await addFromShop(page, grid, bouquet.name);
    await cartIcon(page, 1).waitFor();

    // The card form and the core's WebAssembly (the checkout's field checks) both run.
    await open(page, '/checkout');
    await page.getByLabel('Card number').waitFor({ timeout: 15_000 });
    await page.getByLabel('Email', { exact: true }).fill('not an address');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByText('Please enter an email address like name@example.com.').first().waitFor();
    await settle(page);

    await open(page, `/gallery/album/${album.id}`);
    await page.getByRole('heading', { level: 1, name: album.title }).waitFor({ timeout: 15_000 });
    await settle(page);

    assert.deepEqual(errors, [], 'nothing refused, no script errors');
    await context.close();
  });
});
