// What every journey shares: Debian's Chromium, pages that record what went wrong, waiting for
// a page to rest (pictures in, fades done) before a screenshot, axe-core, and the shop's steps
// the journeys repeat. Journeys wait for conditions, never for fixed times.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The shop this file's journeys run against. e2e.sh starts a shop for each file it runs at once
 * and lists them in POSY_SHOPS (`[{url, data, since}]`); each file (its own process) takes one no
 * other file holds, by making a lock file in the shop's data folder, and lets it go as it exits.
 * Without POSY_SHOPS, POSY_URL, POSY_DATA and POSY_FAKE_NOW_SINCE name the one shop.
 */
async function claimShop() {
  if (!process.env.POSY_SHOPS) {
    const since = process.env.POSY_FAKE_NOW_SINCE;
    return { url: process.env.POSY_URL ?? 'http://127.0.0.1:8080', data: process.env.POSY_DATA, since: since ? Number(since) : undefined };
  }
  const shops = JSON.parse(process.env.POSY_SHOPS);
  for (;;) {
    for (const shop of shops) {
      const lock = join(shop.data, 'journey.lock');
      try {
        closeSync(openSync(lock, 'wx'));
      } catch (error) {
        // Held by another file; anything else (no such folder) is a real failure.
        if (error.code === 'EEXIST') continue;
        throw error;
      }
      process.on('exit', () => rmSync(lock, { force: true }));
      return shop;
    }
    // Only when more files run at once than there are shops.
    await sleep(100);
  }
}
const shop = await claimShop();

export const baseUrl = shop.url.replace(/\/$/, '');
export const screenshots = resolve(process.env.POSY_SCREENSHOTS ?? join(here, '..', 'test-results'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Pounds as the shop writes them: £1,234.50. */
export const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Where a screenshot of this name is kept. */
export const shot = (name) => join(screenshots, `${name}.png`);

/**
 * The shop's clock: e2e.sh starts the server with `--fake-now` (POSY_FAKE_NOW) and notes when
 * (the shop's `since`, Unix ms); each page's clock is set to the same moment and runs on from
 * there, so the browser's rules and the server's agree on which days and slots can be had.
 */
export function shopNow() {
  const fake = process.env.POSY_FAKE_NOW;
  if (!fake) return Date.now();
  const since = shop.since ?? Date.now();
  return Date.parse(fake) + (Date.now() - since);
}

/** The mails the shop wrote to its outbox folder (the data folder's `outbox/`), newest last, as text. */
export function outbox() {
  const folder = shop.data && join(shop.data, 'outbox');
  assert.ok(folder, 'POSY_DATA (or POSY_SHOPS) names the shop’s data folder');
  // The folder is made with the first mail.
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}

/**
 * One headless Chromium for the journey's file, launched before its tests and closed after.
 * `openPage(width, {cartId})` gives a page at that width (phone height below 600 px) with what it
 * records: script errors and anything the Content-Security-Policy blocked, the hosts it asked, and
 * pictures that failed. `setup(browser)` runs once
 * the browser is up, before any test (node:test does not wait for one top-level hook before the next).
 */
export function useBrowser(setup) {
  const session = { browser: null, openPage };
  before(async () => {
    mkdirSync(screenshots, { recursive: true });
    session.browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await setup?.(session.browser);
  });
  after(async () => {
    await session.browser?.close();
  });

  async function openPage(width, { cartId, javaScriptEnabled = true } = {}) {
    const context = await session.browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      locale: 'en-GB',
      javaScriptEnabled,
    });
    if (cartId) await context.addInitScript((id) => window.localStorage.setItem('cartId', id), cartId);
    if (process.env.POSY_FAKE_NOW) await context.clock.install({ time: shopNow() });
    const page = await context.newPage();
    const errors = [];
    const hosts = new Set();
    const missing = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Chromium reports what the Content-Security-Policy blocked as a console error: any is a fault.
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(`CSP: ${message.text()}`);
      // The server's drawing of a page and React's must agree (web/src/main.tsx reports any that did not).
      if (message.type() === 'error' && /hydrat|drawn again in the browser/i.test(message.text())) errors.push(`Hydration: ${message.text()}`);
    });
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image' && response.status() >= 400) missing.push(response.url());
    });
    return { page, context, errors, hosts, missing };
  }
  return session;
}

/** The page's script has taken over the page the server drew: its controls work (app/root-layout's frame). */
export async function pageReady(page) {
  await page.locator('fieldset.page-frame:not([disabled])').waitFor({ state: 'attached', timeout: 15_000 });
}

/** Every animation on the page that ends (fades, slides, swipes) has ended, one just asked for included. */
export async function animationsDone(page) {
  // Two frames first, so an animation started by the last step is running and counted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled animation (its element went, or it was replaced) rejects: it is over too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The page at rest for a screenshot: pictures that wait to be scrolled to are asked for now,
 * the network is quiet, every picture is in (and, with `loaded`, none failed), fades are done.
 */
export async function settle(page, { lazy = true, loaded = false } = {}) {
  if (lazy) await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((image) => (image.loading = 'eager')));
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      ({ lazy, loaded }) => {
        // Asked again on every look: a page that draws its pictures anew once its data or its script
        // arrives (the workshops' gallery) brings lazy ones back, out of view, that would never load.
        if (lazy) document.querySelectorAll('img[loading="lazy"]').forEach((image) => (image.loading = 'eager'));
        return [...document.images].every((image) => image.complete && (!loaded || image.naturalWidth > 0));
      },
      { lazy, loaded },
      { polling: 250 },
    )
    .catch(async (error) => {
      // Say which pictures never came in, and where: the timeout alone says nothing.
      const waiting = await page.evaluate(() =>
        [...document.images].filter((image) => !image.complete).map((image) => `${image.currentSrc || image.src} (loading=${image.loading})`),
      );
      throw new Error(`${error.message} on ${page.url()}; pictures not in: ${waiting.join(', ') || 'none now'}`);
    });
  await animationsDone(page);
}

/** What axe-core finds against WCAG 2.2 A and AA and its best practices, serious and critical only unless `all`. */
export async function axeFindings(page, { all = false } = {}) {
  // At the top of the page: axe's target-size counts what the sticky header covers where the
  // page happens to be scrolled, so a check after a click deep in a page failed now and then
  // (the back office's menu under the header at 390 px), and passed after another.
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  // Evaluated rather than added as a tag: the shop's policy refuses inline scripts, rightly.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }),
  );
  return result.violations
    .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Writes `path`, a PNG of a flower drawn on a canvas (nothing is downloaded): `petals` petals of
 * `colours` in turn round `centre`, each an ellipse of radii `petal` standing `petal[1]` out,
 * the ring turned by `turn`, a round `heart` on top, and a `stem` line under it when given.
 */
export async function drawFlower(browser, path, flower) {
  const page = await browser.newPage();
  const data = await page.evaluate((f) => {
    const canvas = document.createElement('canvas');
    canvas.width = f.width;
    canvas.height = f.height;
    const g = canvas.getContext('2d');
    g.fillStyle = f.background;
    g.fillRect(0, 0, f.width, f.height);
    const [x, y] = f.centre;
    if (f.stem) {
      g.strokeStyle = f.stem.colour;
      g.lineWidth = f.stem.width;
      g.beginPath();
      g.moveTo(...f.stem.from);
      g.lineTo(...f.stem.to);
      g.stroke();
    }
    for (let petal = 0; petal < f.petals; petal += 1) {
      g.save();
      g.translate(x, y);
      g.rotate((petal * 2 * Math.PI) / f.petals + (f.turn ?? 0));
      g.fillStyle = f.colours[petal % f.colours.length];
      g.beginPath();
      g.ellipse(0, -f.petal[1], f.petal[0], f.petal[1], 0, 0, Math.PI * 2);
      g.fill();
      g.restore();
    }
    g.fillStyle = f.heart.colour;
    g.beginPath();
    g.arc(x, y, f.heart.radius, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png').split(',')[1];
  }, flower);
  await page.close();
  writeFileSync(path, Buffer.from(data, 'base64'));
  return path;
}

/** Asserts that the page does not scroll sideways: nothing on it is wider than the window. */
export async function noSidewaysScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} does not scroll sideways at ${page.viewportSize().width} px (${overflow} px too wide)`);
}

/** Once the page has settled: its full-page screenshot `name`, axe (every rule) and no sideways scroll. */
export async function look(page, name) {
  await settle(page);
  await page.screenshot({ path: shot(name), fullPage: true });
  assert.deepEqual(await axeFindings(page, { all: true }), [], `axe finds nothing on ${name}`);
  await noSidewaysScroll(page, name);
}

/**
 * The demo's wreath workshop booked and paid: its confirmation's region, once it says the £20.00
 * deposit and the £25.00 due by 20 November.
 */
export async function wreathBooked(page) {
  await page.waitForURL(/\/workshops\/booked\/\d+\?token=.+/, { timeout: 15_000 });
  const done = page.getByRole('region', { name: /^See you at Christmas wreath making/ });
  await done.waitFor();
  const said = await done.textContent();
  assert.ok(said.includes('£20.00'), said);
  assert.match(said, /£25\.00 is due by \w+ 20 November \d{4}/);
  return done;
}

/** The demo catalogue, through the API the pages use. */
export async function products(request) {
  const response = await request.get(`${baseUrl}/api/products/`);
  assert.equal(response.status(), 200, 'GET /api/products/ answers 200');
  const list = await response.json();
  assert.ok(Array.isArray(list) && list.length > 0, 'the demo catalogue has products');
  return list;
}

/** The nav's cart link when it counts `count` items. */
export const cartIcon = (page, count) =>
  page.getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, exact: true });

/** The shop's grid, once it has arrived. */
export async function openShop(page) {
  await page.goto(`${baseUrl}/shop`);
  const grid = page.getByRole('list', { name: 'Products' });
  await grid.waitFor({ timeout: 15_000 });
  // Once React has the page its cards are its own: one read before may be drawn again under us.
  await pageReady(page);
  return grid;
}

/** A product's card in the shop's grid, found by its name. */
export const productCard = (page, grid, name) =>
  grid.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Presses Add to cart on a product without sizes in the shop's list. */
export async function addFromShop(page, grid, name) {
  await productCard(page, grid, name).getByRole('button', { name: 'Add to cart' }).click();
}

/** Waits until no alert (toast) is on the page. */
export async function noAlerts(page, timeout = 15_000) {
  const alerts = page.getByRole('alert');
  while ((await alerts.count()) > 0) await alerts.first().waitFor({ state: 'hidden', timeout });
}

/** The product of the demo catalogue without sizes with the most stock to spare (5 or more),
 * without notice when `today` (bought for the first day offered), and dearer than `over` pounds
 * when given. The most, because the journey files that buy it share a shop with others that do,
 * in whatever order they run: with the first one found (10 in stock) a late file could find it
 * sold or held in other baskets. */
export async function spareBouquet(browser, { today = false, over = 0 } = {}) {
  const context = await browser.newContext();
  const found = (await products(context.request))
    .filter((p) => !p.has_variations && p.stock >= 5 && (!today || p.lead_days === 0) && Number(p.price) > over)
    .sort((a, b) => b.stock - a.stock)[0];
  assert.ok(found, `the demo catalogue has a product without sizes${today ? ' or notice' : ''}, 5 or more in stock`);
  await context.close();
  return found;
}

/** The shopper the checkout journeys fill in, by the checkout's labels. */
export const me = {
  Email: 'jo.bloom@example.com',
  'First name': 'Jo',
  'Last name': 'Bloom',
  Phone: '0117 496 0123',
  Address: '12 Wells Road',
  'Town or city': 'Bristol',
  Postcode: 'BS14 9AB',
};

/** One of the product named `name` (no sizes) in the cart, and the checkout open with its card form: the cart's id. */
export async function checkoutWithOneBouquet(page, name) {
  await addFromShop(page, await openShop(page), name);
  await cartIcon(page, 1).waitFor();
  await page.goto(`${baseUrl}/checkout`);
  await page.getByRole('radio', { name: /^Delivery/ }).waitFor();
  await page.getByLabel('Card number').waitFor();
  return page.evaluate(() => window.localStorage.getItem('cartId'));
}

/** The admin every shop of the run has (scripts/fresh-shop.sh). */
export const admin = { username: process.env.POSY_ADMIN_USERNAME, password: process.env.POSY_ADMIN_PASSWORD };

/** Opens `from` signed out, signs in as `who`, and waits to be at `then` (where `from` leads). */
export async function signIn(page, from, then = from, who = admin) {
  await page.goto(`${baseUrl}${from}`);
  await page.waitForURL('**/admin/login');
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${then}`);
}

/** Fills the shopper's own details (`me`). */
export async function fillMe(page) {
  for (const [label, value] of Object.entries(me)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** Pays with the simulated provider's test card and waits for the confirmation page. */
export async function payWithTestCard(page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await page.waitForURL(/\/order-confirmation\/\d+\?token=.+/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Thank you, Jo!' }).waitFor();
}

/**
 * The mail to `to` whose text names the order (and has `words`, when given), as text
 * (quoted-printable soft breaks joined), once the shop's outbox has written it (it sends after
 * the order's transaction, in the background).
 */
export async function mailTo(to, orderNumber, words = '') {
  const read = (text) => text.replace(/=\r?\n/g, '').replace(/=E2=80=94/g, '—');
  // `\nTo:`, not `Reply-To:`: the studio's notices answer to the customer.
  const find = () => outbox().map(read).find((text) => text.includes(`\nTo: ${to}`) && text.includes(orderNumber) && text.includes(words));
  for (let tries = 0; !find() && tries < 100; tries++) await sleep(100);
  const mail = find();
  assert.ok(mail, `a mail to ${to} about ${orderNumber}${words ? ` saying "${words}"` : ''} is in the outbox`);
  return mail;
}
