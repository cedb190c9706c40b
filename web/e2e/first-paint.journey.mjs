// The first paint: a shopper's page arrives from the server already drawn, from the live shop
// (server/src/pages), so it reads with scripts off; with scripts on, React takes the same
// markup over without drawing it again, and the page works as before.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addFromShop, baseUrl, cartIcon, pounds, products, settle, shot, useBrowser } from './helpers.mjs';

const { openPage, ...session } = useBrowser();

/** The page's HTML as the server sends it, before any script. */
async function html(request, path) {
  const response = await request.get(`${baseUrl}${path}`);
  assert.equal(response.status(), 200, `${path} answers 200`);
  return response.text();
}

/** The answers the server put inside a page for its first paint. */
function firstLoad(page) {
  const found = /<script[^>]*id="first-load"[^>]*>(.*?)<\/script>/s.exec(page);
  assert.ok(found, 'the page carries its answers');
  return JSON.parse(found[1]);
}

/** Text as React writes it into HTML. */
const escaped = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

async function albums(request) {
  const response = await request.get(`${baseUrl}/api/albums/`);
  assert.equal(response.status(), 200);
  return response.json();
}

describe('the first paint', () => {
  it('each shopper page arrives drawn: its heading, its words and the studio’s facts are in the HTML', async () => {
    const { context } = await openPage(390);
    const { request } = context;
    const [first] = await products(request);
    const [album] = await albums(request);
    const site = await (await request.get(`${baseUrl}/api/site/`)).json();
    const pages = [
      ['/', 'Flowers picked for the season'],
      ['/shop', 'Shop'],
      [`/shop/${first.id}`, first.name],
      ['/weddings', 'Weddings'],
      ['/gallery', 'Gallery'],
      [`/gallery/album/${album.id}`, album.title],
      ['/contact', 'Get in Touch'],
      ['/cart', 'Your Cart'],
    ];
    for (const [path, heading] of pages) {
      const page = await html(request, path);
      const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(page);
      assert.ok(h1, `${path} has its heading in the HTML`);
      assert.ok(h1[1].replace(/<[^>]+>/g, '').includes(escaped(heading)), `${path}'s heading reads ${heading}: ${h1[1]}`);
      assert.ok(page.includes(site.phone), `${path} shows the studio's phone number`);
      assert.deepEqual(Object.keys(firstLoad(page)).sort().includes('/api/site/'), true);
    }
    for (const path of ['/checkout', '/admin']) {
      assert.ok((await html(request, path)).includes('<div id="root"></div>'), `${path} is drawn in the browser`);
    }
    await context.close();
  });

  it('the shop’s HTML holds the live catalogue: every product with its price as the API gives it now', async () => {
    const { context } = await openPage(1280);
    const list = await products(context.request);
    const page = await html(context.request, '/shop');
    assert.deepEqual(firstLoad(page)['/api/products/'], list, 'the list inside the page is the API’s');
    for (const product of list) {
      assert.ok(page.includes(`>${escaped(product.name)}<`), `${product.name} is in the HTML`);
      assert.ok(page.includes(pounds.format(Number(product.price))), `${product.name}'s price is in the HTML`);
    }
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`with scripts off, the shop at ${width} px reads as a shop: products, prices, pictures`, async () => {
      const { page, context } = await openPage(width, { javaScriptEnabled: false });
      await page.goto(`${baseUrl}/shop`);
      const grid = page.getByRole('list', { name: 'Products' });
      assert.ok((await grid.getByRole('listitem').count()) > 3, 'the products are listed');
      await page.screenshot({ path: shot(`first-paint-shop-no-script-${width}`), fullPage: false });
      await context.close();
    });
  }

  it('React takes the drawn page over without drawing it again, and the shop works', async () => {
    const { page, context, errors } = await openPage(390);
    const list = await products(context.request);
    const simple = list.find((product) => product.variations.length === 0 && product.stock > 0);
    assert.ok(simple, 'a product without sizes in stock');
    await page.goto(`${baseUrl}/shop`, { waitUntil: 'domcontentloaded' });
    // The server's elements, as they arrived, before React has finished starting.
    await page.evaluate(() => {
      window.drawn = [document.querySelector('h1'), document.querySelector('[aria-label="Products"] li')];
    });
    const grid = page.getByRole('list', { name: 'Products' });
    await settle(page);
    await addFromShop(page, grid, simple.name);
    await cartIcon(page, 1).waitFor({ timeout: 15_000 });
    assert.deepEqual(
      await page.evaluate(() => [document.querySelector('h1'), document.querySelector('[aria-label="Products"] li')].map((el, i) => el === window.drawn[i])),
      [true, true],
      'the heading and the first product the server drew are the ones React kept',
    );
    assert.deepEqual(errors, [], 'no script errors and no hydration complaints');
    await context.close();
  });
});
