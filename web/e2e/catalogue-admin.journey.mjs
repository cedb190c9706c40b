// The studio's catalogue in a real Chromium: a new category, and a product on it with a
// picture drawn here (a PNG from a canvas; nothing is downloaded), seen on /shop at 390 and
// 1280 px with the picture's sizes; the editor at both widths, axe-clean. At the end the
// product is deleted (it was never ordered) and the category hidden, so the shop is as before.
//
//   POSY_URL=… POSY_ADMIN_USERNAME=… POSY_ADMIN_PASSWORD=… node --test e2e/catalogue-admin.journey.mjs
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { admin, axeFindings, drawFlower, openShop, productCard, settle, shot, signIn, useBrowser } from './helpers.mjs';

const SHELF = 'Buttonholes and corsages';
const NAME = 'Journey Buttonhole Posy';

let picture;
const { openPage } = useBrowser(async (browser) => {
  picture = await drawPicture(browser);
});

/** An upright 1200×1500 PNG of a flower. */
function drawPicture(browser) {
  const path = join(mkdtempSync(join(tmpdir(), 'posy-catalogue-')), 'buttonhole-posy.png');
  return drawFlower(browser, path, {
    width: 1200,
    height: 1500,
    background: '#f3eee6',
    stem: { colour: '#5f7f6a', width: 24, from: [600, 760], to: [600, 1400] },
    centre: [600, 600],
    petals: 10,
    colours: ['#f6e4e0', '#d9a19a'],
    petal: [110, 200],
    heart: { colour: '#8a4a42', radius: 90 },
  });
}

/** Signs in at /admin/products and waits for its list. */
async function signInToProducts(page) {
  await signIn(page, '/admin/products');
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
}

/** The shop's card of the new product shows its uploaded picture, offered in its sizes. */
async function seenOnTheShop(page, width) {
  const grid = await openShop(page);
  const card = productCard(page, grid, NAME);
  await card.waitFor();
  const img = card.locator('img');
  assert.match(await img.getAttribute('src'), /\/media\/products\/[0-9a-f]{32}-1200\.jpg$/);
  const srcset = await img.getAttribute('srcset');
  assert.match(srcset, /-480\.jpg 480w, .*-960\.jpg 960w, .*-1200\.jpg 1200w$/);
  await card.scrollIntoViewIfNeeded();
  await settle(page);
  assert.ok(await img.evaluate((el) => el.complete && el.naturalWidth > 0), 'the picture loads');
  await page.screenshot({ path: shot(`catalogue-shop-${width}`) });
}

describe('the studio’s catalogue', { skip: !admin.username || !admin.password }, () => {
  it('adds a category and a product with a picture, seen on /shop at 390 and 1280 px, then puts the shop back', async () => {
    const { page, context, errors } = await openPage(1280);
    page.on('dialog', (dialog) => void dialog.accept());
    await signInToProducts(page);

    // A new category.
    await page.getByRole('button', { name: 'Categories' }).click();
    const shelves = page.getByRole('region', { name: 'Categories' });
    const add = shelves.getByRole('form', { name: 'New category' });
    await add.getByLabel('New category').fill(SHELF);
    await add.getByRole('button', { name: 'Add category' }).click();
    const shelf = shelves.getByRole('form', { name: `Category ${SHELF}` });
    await shelf.waitFor();
    await settle(page);
    await page.screenshot({ path: shot('catalogue-categories-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the categories');
    await page.getByRole('button', { name: 'Categories' }).click();

    // A new product on it, with its picture.
    await page.getByRole('button', { name: 'Add a product' }).click();
    const editor = page.getByRole('form', { name: 'New product' });
    await editor.getByLabel('Name').fill(NAME);
    await editor.getByLabel('Description').fill('A sprig of spray roses and rosemary, wired and ribboned for the groom.');
    await editor.getByLabel('Category').selectOption({ label: SHELF });
    await editor.getByLabel('Price (£)').fill('14');
    await editor.getByLabel('In stock').fill('6');
    await editor.getByLabel('Picture').setInputFiles(picture);
    await editor.locator('.product-editor__preview').waitFor();
    // Core's sentence for an empty field, beside it, before the form is right.
    await editor.getByLabel('Name').fill('');
    await editor.getByRole('button', { name: 'Add the product' }).click();
    await editor.getByText('Please give the product a name.').waitFor();
    await editor.getByLabel('Name').fill(NAME);
    await settle(page);
    await page.screenshot({ path: shot('catalogue-new-product-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the new product form');
    await editor.getByRole('button', { name: 'Add the product' }).click();
    await editor.waitFor({ state: 'detached' });
    const region = page.getByRole('region', { name: SHELF });
    const row = region.getByRole('listitem').filter({ hasText: NAME });
    await row.waitFor();
    assert.match(await row.locator('img').getAttribute('src'), /\/media\/products\//);

    // On the shop at once, at both widths.
    const shop = await openPage(1280);
    await seenOnTheShop(shop.page, 1280);
    const phone = await openPage(390);
    await seenOnTheShop(phone.page, 390);

    // The editor on a phone.
    await signInToProducts(phone.page);
    const phoneRow = phone.page.getByRole('region', { name: SHELF }).getByRole('listitem').filter({ hasText: NAME });
    await phoneRow.getByRole('button', { name: `Edit ${NAME}` }).click();
    const phoneEditor = phone.page.getByRole('form', { name: `Edit ${NAME}` });
    await phoneEditor.getByRole('button', { name: 'Add a size' }).waitFor();
    await settle(phone.page);
    assert.deepEqual(await axeFindings(phone.page, { all: true }), [], 'axe finds nothing on the editor at 390 px');
    await phoneEditor.screenshot({ path: shot('catalogue-editor-390') });
    // From the top of the page, where the tools are (the sticky menu would otherwise cover them).
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await phone.page.getByRole('button', { name: 'Categories' }).click();
    const phoneShelves = phone.page.getByRole('region', { name: 'Categories' });
    await phoneShelves.getByRole('form', { name: `Category ${SHELF}` }).waitFor();
    await settle(phone.page);
    assert.deepEqual(await axeFindings(phone.page, { all: true }), [], 'axe finds nothing on the categories at 390 px');
    await phoneShelves.screenshot({ path: shot('catalogue-categories-390') });

    // Back as it was: the product (never ordered) deleted, the category hidden.
    await row.getByRole('button', { name: `Edit ${NAME}` }).click();
    const opened = page.getByRole('form', { name: `Edit ${NAME}` });
    await settle(page);
    await opened.screenshot({ path: shot('catalogue-editor-1280') });
    await opened.getByRole('button', { name: `Delete ${NAME}` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Categories' }).click();
    await shelf.getByRole('checkbox', { name: 'Hidden from the shop' }).check();
    await shelf.getByRole('button', { name: `Save the category ${SHELF}` }).click();
    await page.getByRole('region', { name: SHELF }).getByText('Hidden', { exact: true }).waitFor();

    const grid = await openShop(shop.page);
    await grid.getByRole('listitem').first().waitFor();
    assert.equal(await productCard(shop.page, grid, NAME).count(), 0, 'the product is gone from the shop');
    assert.equal(await shop.page.getByText(SHELF, { exact: true }).count(), 0, 'and the category with it');

    assert.deepEqual([...errors, ...shop.errors, ...phone.errors], [], 'no script errors');
    await Promise.all([shop.context.close(), phone.context.close(), context.close()]);
  });
});
