// A shopper's first visit, in a real Chromium: the shop lists products with prices formatted
// by the Rust core (loaded as a .wasm file), and a product with sizes opens with its first
// size in stock chosen. Screenshots at phone and desktop widths are kept with the results.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const baseUrl = (process.env.POSY_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const screenshots = resolve(process.env.POSY_SCREENSHOTS ?? join(here, '..', 'test-results'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PRICE = /£\d{1,3}(,\d{3})*\.\d{2}/;
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;

before(async () => {
  mkdirSync(screenshots, { recursive: true });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
});

/** A page at the given width that fails the test on any script error. */
async function openPage(width) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

/** Finds a product with sizes through the API the page itself uses. */
async function productWithSizes(page) {
  const response = await page.request.get(`${baseUrl}/api/products/`);
  assert.equal(response.status(), 200, 'GET /api/products/ answers 200');
  const products = await response.json();
  assert.ok(Array.isArray(products) && products.length > 0, 'the demo catalogue has products');
  const product = products.find((p) => p.has_variations && p.variations.length > 1);
  assert.ok(product, 'the demo catalogue has a product with sizes');
  return product;
}

/** Scrolls through the page so pictures that load lazily are there for a full-page screenshot. */
async function loadLazyPictures(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

describe('a shopper visits the shop', () => {
  it('sees the products with £ prices, formatted by the core loaded as .wasm', async () => {
    const { page, context, errors } = await openPage(1280);
    const wasm = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response);
    });

    await page.goto(`${baseUrl}/shop`);
    const grid = page.getByRole('list', { name: 'Products' });
    await grid.waitFor({ timeout: 15_000 });
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

    // Price, sizes and the add button are on the first screen of a phone.
    const viewport = page.viewportSize();
    for (const target of [page.getByTestId('product-price'), page.getByRole('button', { name: /Add to cart|Sold out/ })]) {
      const box = await target.boundingBox();
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
      await page.goto(`${baseUrl}/shop`);
      await page.getByRole('list', { name: 'Products' }).waitFor();
      await loadLazyPictures(page);
      await page.screenshot({ path: join(screenshots, `shop-${width}.png`), fullPage: true });

      await page.goto(`${baseUrl}/shop/${product.id}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(screenshots, `product-${width}.png`) });

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
        await page.addScriptTag({ content: axeSource });
        const result = await page.evaluate(() =>
          window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }),
        );
        const serious = result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        assert.deepEqual(serious, [], `${path} at ${width} px`);
      }
      await context.close();
    }
  });
});
