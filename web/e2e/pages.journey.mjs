// The studio's own pages in a real Chromium against the real server: the home page, /weddings
// and /funerals at phone and desktop widths (screenshots kept), each with its title, meta
// description and no serious or critical axe-core findings; a gallery's lightbox opens at the
// chosen picture, moves with ArrowRight and closes with Escape; the seasonal tabs answer the
// arrow keys; the phone menu opens, closes, and closes on choosing a link.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { animationsDone, axeFindings, baseUrl, noSidewaysScroll, pageReady, settle, shot, useBrowser } from './helpers.mjs';

const pages = [
  { path: '/', name: 'home', heading: 'Flowers picked for the season, tied by hand', title: 'Posy · floral studio in South Bristol' },
  { path: '/weddings', name: 'weddings', heading: 'Weddings', title: 'Weddings · Posy floral studio' },
  { path: '/funerals', name: 'funerals', heading: 'Funerals', title: 'Funerals · Posy floral studio' },
];

const { openPage } = useBrowser();

async function visit(page, { path, heading }) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
  // Keys pressed before the page's script has it do nothing (the tabs are not yet focusable).
  await pageReady(page);
}

describe('the studio pages', () => {
  for (const width of [390, 1280]) {
    for (const target of pages) {
      it(`${target.path} at ${width} px: title, description, pictures, no serious axe findings, screenshot`, async () => {
        const { page, context, errors, missing } = await openPage(width);
        await visit(page, target);
        await settle(page, { loaded: true });
        assert.equal(await page.title(), target.title);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        assert.ok(description && description.length > 60, `a meta description: ${description}`);
        assert.equal(await page.locator('meta[name="description"]').count(), 1, 'one meta description');
        assert.deepEqual(missing, [], 'every picture loads');
        assert.equal(await page.locator('img[data-placeholder]').count(), 0, 'no placeholders');
        const gallery = page.getByRole('list').filter({ has: page.locator('button[aria-haspopup="dialog"]') });
        assert.equal(await gallery.getByRole('button').count(), 6, 'a six-picture gallery');
        await noSidewaysScroll(page, target.path);
        await page.screenshot({ path: shot(`${target.name}-${width}`), fullPage: true });
        assert.deepEqual(await axeFindings(page), [], `axe finds nothing serious on ${target.path}`);
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }

  it('home links to the shop, workshops, gallery and contact, and shows the opening hours', async () => {
    const { page, context } = await openPage(1280);
    await visit(page, pages[0]);
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Shop bouquets', '/shop'],
      ['Browse the shop', '/shop'],
      ['See workshops', '/workshops'],
      ['See the full gallery', '/gallery'],
      ['Get in touch', '/contact'],
    ]) {
      assert.equal(await main.getByRole('link', { name, exact: true }).getAttribute('href'), href, name);
    }
    const hours = await main.locator('.home-hours__table').innerText();
    for (const line of ['Monday to Friday', '07:30–18:00', 'Saturday', '08:00–16:00', 'Sunday', 'Closed']) assert.ok(hours.includes(line), line);
    assert.ok(await main.getByText('Delivered across Bristol, or collect from the studio in BS14.').isVisible());
    // This week's bouquets are the catalogue's, each a link to its page, every picture loaded.
    const teaser = main.getByRole('list', { name: 'From the shop' });
    const links = teaser.getByRole('link');
    assert.equal(await links.count(), 3);
    for (const link of await links.all()) assert.match(await link.getAttribute('href'), /^\/shop\/\d+$/);
    await teaser.scrollIntoViewIfNeeded();
    for (const img of await teaser.locator('img').all()) {
      await img.evaluate((el) => (el.complete ? null : new Promise((done) => el.addEventListener('load', done, { once: true }))));
      assert.ok(await img.evaluate((el) => el.naturalWidth > 0), 'no broken picture');
    }
    await context.close();
  });

  it('funerals has a contact link and the studio’s number as a tel: link', async () => {
    const { page, context } = await openPage(390);
    await visit(page, pages[2]);
    const main = page.getByRole('main');
    assert.equal(await main.getByRole('link', { name: 'Send us a message' }).getAttribute('href'), '/contact');
    assert.equal(await main.getByRole('link', { name: 'Call 0117 496 0123' }).getAttribute('href'), 'tel:+441174960123');
    for (const name of ['Casket sprays', 'Standing sprays', 'Sympathy bouquets', 'Memorial tributes']) {
      await main.getByRole('heading', { level: 3, name }).waitFor();
    }
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`the lightbox at ${width} px opens at the chosen picture, moves with ArrowRight and closes with Escape`, async () => {
      const { page, context, errors } = await openPage(width);
      await visit(page, pages[1]);
      const gallery = page.getByRole('list', { name: 'Wedding flowers' });
      const chosen = gallery.getByRole('button').nth(2);
      const chosenAlt = await chosen.locator('img').getAttribute('alt');
      const nextAlt = await gallery.getByRole('button').nth(3).locator('img').getAttribute('alt');
      await chosen.scrollIntoViewIfNeeded();
      await chosen.click();

      const dialog = page.getByRole('dialog', { name: 'Wedding flowers: larger pictures' });
      await dialog.waitFor();
      const current = dialog.locator('.yarl__slide_current');
      await current.locator('img').waitFor();
      assert.equal(await current.getAttribute('aria-label'), 'Picture 3 of 6');
      assert.equal(await current.locator('img').getAttribute('alt'), chosenAlt);
      await page.waitForFunction(() => document.querySelector('.yarl__slide_current img')?.complete);
      await animationsDone(page);
      if (width === 390) await page.screenshot({ path: shot(`lightbox-${width}`) });
      assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious in the lightbox');

      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.querySelector('.yarl__slide_current')?.getAttribute('aria-label') === 'Picture 4 of 6');
      assert.equal(await dialog.locator('.yarl__slide_current img').getAttribute('alt'), nextAlt);
      // Let the 500 ms swipe finish, so the picture is caught at rest.
      await animationsDone(page);
      if (width === 1280) await page.screenshot({ path: shot(`lightbox-${width}`) });

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.ok(await chosen.evaluate((button) => button === document.activeElement), 'focus goes back to the picture');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('the home gallery opens its lightbox too, and the lightbox is fetched only then', async () => {
    const { page, context } = await openPage(1280);
    const scripts = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await visit(page, pages[0]);
    await page.waitForLoadState('networkidle');
    assert.ok(!scripts.some((url) => url.includes('picture-lightbox')), 'no lightbox code before it is wanted');
    await page.getByRole('list', { name: 'Lately in the studio' }).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    assert.ok(scripts.some((url) => url.includes('picture-lightbox')), 'the lightbox chunk is fetched on demand');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('the seasonal tabs answer the arrow keys', async () => {
    const { page, context } = await openPage(390);
    await visit(page, pages[1]);
    const spring = page.getByRole('tab', { name: 'Spring' });
    await spring.focus();
    await page.keyboard.press('ArrowRight');
    const summer = page.getByRole('tab', { name: 'Summer' });
    assert.equal(await summer.getAttribute('aria-selected'), 'true');
    assert.ok(await summer.evaluate((tab) => tab === document.activeElement));
    await page.getByRole('tabpanel', { name: 'Summer' }).getByRole('heading', { name: 'Peonies' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getByRole('tab', { name: 'Winter' }).getAttribute('aria-selected'), 'true');
    await context.close();
  });

  it('the phone menu opens, closes, and closes when a link is chosen', async () => {
    const { page, context } = await openPage(390);
    await visit(page, pages[0]);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const weddings = nav.getByRole('link', { name: 'Weddings' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await weddings.isVisible(), false, 'the menu starts closed');

    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    await weddings.waitFor({ state: 'visible' });
    await page.screenshot({ path: shot('menu-open-390') });

    await close.click();
    await weddings.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await weddings.waitFor({ state: 'visible' });
    await weddings.click();
    await page.waitForURL(`${baseUrl}/weddings`);
    await page.getByRole('heading', { level: 1, name: 'Weddings' }).waitFor();
    await weddings.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'), 'false');
    await context.close();
  });
});
