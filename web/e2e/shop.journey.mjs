// A shopper's first visit, in a real Chromium: the shop lists products with prices formatted
// by the Rust core (loaded as a .wasm file), and a product with sizes opens with its first
// size in stock chosen. Screenshots at phone and desktop widths are kept with the results.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeFindings, baseUrl, openShop, pageReady, products, settle, shot, useBrowser } from './helpers.mjs';

const PRICE = /£\d{1,3}(,\d{3})*\.\d{2}/;
const { openPage } = useBrowser();

/** Finds a product with sizes through the API the page itself uses. */
async function productWithSizes(page) {
  const product = (await products(page.request)).find((p) => p.has_variations && p.variations.length > 1);
  assert.ok(product, 'the demo catalogue has a product with sizes');
  return product;
}

describe('a shopper visits the shop', () => {
  it('sees the products with £ prices, formatted by the core loaded as .wasm', async () => {
    const { page, context, errors } = await openPage(1280);
    const wasm = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response);
    });

    const grid = await openShop(page);
    // The drawn page's prices are the server's; the browser's core arrives with the page's script,
    // which starts once the page has painted.
    await pageReady(page);
    const cards = grid.getByRole('listitem');
    assert.ok((await cards.count()) >= 1, 'the grid shows products');

    const prices = await grid.getByTestId('product-price').allTextContents();
    assert.ok(prices.length >= 1);
    for (const price of prices) assert.match(price, PRICE);

    assert.ok(wasm.length >= 1, 'the page fetched the core as a .wasm file');
    for (const response of wasm) assert.ok(response.ok(), `${response.url()} answered ${response.status()}`);

    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('opens a product with sizes and finds the first size in stock preselected', async () => {
    const { page, context, errors } = await openPage(390);
    const product = await productWithSizes(page);
    const expected = product.variations.find((size) => size.stock > 0);

    await page.goto(`${baseUrl}/shop`);
    await page.getByRole('link', { name: product.name, exact: true }).click();
    await page.waitForURL(`**/shop/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    const chosen = page.getByRole('radio', { checked: true });
    assert.equal(await chosen.count(), 1, 'exactly one size is chosen');
    assert.equal(await chosen.inputValue(), String(expected.id), `the first size in stock (${expected.size}) is chosen`);
    for (const size of product.variations.filter((s) => s.stock <= 0)) {
      assert.ok(await page.locator(`input[type=radio][value="${size.id}"]`).isDisabled(), `${size.size} is disabled`);
    }
    assert.match(await page.getByTestId('product-price').textContent(), PRICE);
    // When it can come, from the studio's rules at the shop's clock (Monday 09:30).
    await page.getByTestId('product-arrival').getByText(/^(Order by \d\d:\d\d for delivery today|Delivery) in Bristol/).waitFor();

    // Price, sizes and the add button are on the first screen of a phone.
    const viewport = page.viewportSize();
    for (const target of [page.getByTestId('product-price'), page.getByRole('button', { name: /Add to cart|Sold out/ })]) {
      // Measured once shown: on a busy machine the script may still be taking the page over.
      // Hydration may swap the element between the wait and the measure: measure again then.
      let box = null;
      for (let tries = 0; !box && tries < 20; tries++) {
        await target.waitFor();
        box = await target.boundingBox();
        if (!box) await page.waitForTimeout(100);
      }
      assert.ok(box && box.y + box.height <= viewport.height, 'visible without scrolling at 390 px');
    }

    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('keeps screenshots of the shop and a product at 390 and 1280 px', async () => {
    const probe = await openPage(1280);
    const product = await productWithSizes(probe.page);
    await probe.context.close();

    for (const width of [390, 1280]) {
      const { page, context, errors } = await openPage(width);
      await openShop(page);
      await settle(page);
      await page.screenshot({ path: shot(`shop-${width}`), fullPage: true });

      await page.goto(`${baseUrl}/shop/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shot(`product-${width}`) });

      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    }
  });

  it('has no serious or critical axe findings on the shop, a product and the cart at 390 and 1280 px', async () => {
    const probe = await openPage(1280);
    const product = await productWithSizes(probe.page);
    await probe.context.close();
    for (const width of [390, 1280]) {
      const { page, context } = await openPage(width);
      for (const [path, ready] of [
        ['/shop', () => page.getByRole('list', { name: 'Products' }).waitFor()],
        [`/shop/${product.id}`, () => page.getByRole('heading', { level: 1, name: product.name }).waitFor()],
        ['/cart', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await ready();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(await axeFindings(page), [], `${path} at ${width} px`);
      }
      await context.close();
    }
  });
});
