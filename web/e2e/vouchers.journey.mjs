// Gift vouchers and offer codes, in a real Chromium against the real server on the simulated
// provider and the shop's fixed clock (Monday 14 December 2026, 09:30; see e2e.sh): a shopper
// on a phone buys a £25 voucher with the test card, its code arrives by mail, it is spent on a
// bouquet at the checkout (£25 off, the card pays the rest) and the balance page then says
// £0.00; a Tuesday-only offer code made in the back office is refused for a Wednesday delivery
// with its sentence. Every page is checked with axe at 390 and 1280 px; screenshots are kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  axeFindings,
  baseUrl,
  checkoutWithOneBouquet,
  fillMe,
  mailTo,
  me,
  noSidewaysScroll,
  pageReady,
  pounds,
  settle,
  shot,
  signIn,
  spareBouquet,
  useBrowser,
} from './helpers.mjs';

// A bouquet dearer than the voucher, so that the card pays the rest.
let product;
const { openPage } = useBrowser(async (browser) => {
  product = await spareBouquet(browser, { today: true, over: 25 });
});

/** A voucher's code as the shop writes it: three or four groups of four, no look-alikes. */
const CODE = /\b[2-9A-HJKMNP-TW-Z]{4}(?:-[2-9A-HJKMNP-TW-Z]{4}){2,3}\b/;
const recipient = 'sam.gift@example.com';

async function cardIn(page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

describe('gift vouchers', () => {
  let code;

  it('buys a £25 voucher on a phone, and its code arrives by mail', async () => {
    const { page, context, errors } = await openPage(390);
    await page.goto(`${baseUrl}/gift-vouchers`);
    await pageReady(page);
    await page.getByRole('heading', { level: 1, name: 'Gift vouchers' }).waitFor();
    await page.getByRole('radio', { name: '£25.00' }).check();
    await page.getByLabel('Their name').fill('Sam');
    await page.getByLabel('Their e-mail').fill(recipient);
    await page.getByLabel('Your message (optional)').fill('Happy Christmas, Sam!');
    await page.getByLabel('Your name').fill('Jo Bloom');
    await page.getByLabel('Your e-mail').fill(me.Email);
    await cardIn(page);
    const card = page.getByRole('figure', { name: 'How the gift voucher will look' });
    await card.getByText('For Sam').waitFor();
    await settle(page, { lazy: false });
    await noSidewaysScroll(page, 'the voucher page');
    await page.screenshot({ path: shot('gift-vouchers-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the voucher page at 390 px');

    await page.getByRole('button', { name: 'Pay £25.00' }).click();
    // The thank-you, in place of the form.
    await page.getByTestId('voucher-thanks').waitFor({ timeout: 15_000 });
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('gift-voucher-thanks-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the thank-you at 390 px');

    const mail = await mailTo(recipient, '', 'Sam');
    code = mail.match(CODE)?.[0];
    assert.ok(code, 'the recipient’s mail carries the code');
    assert.ok(mail.includes('25.00'), 'and the value');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('spends it on a bouquet: £25 off, the card pays the rest, and nothing is left on it', async () => {
    assert.ok(code, 'the voucher of the journey before');
    const { page, context, errors } = await openPage(390);
    await checkoutWithOneBouquet(page, product.name);
    await fillMe(page);
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await page.getByLabel('Collection time').selectOption('14:00');
    await page.getByLabel('Gift voucher or offer code').fill(code.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('checkout-voucher').getByText('−£25.00').waitFor();
    const rest = pounds.format(Number(product.price) - 25);
    assert.equal(await page.getByTestId('checkout-total').textContent(), rest, 'the card pays the rest');
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-voucher-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the checkout with a voucher');

    await cardIn(page);
    await page.getByRole('button', { name: `Pay ${rest}` }).click();
    await page.waitForURL(/\/order-confirmation\/\d+\?token=.+/, { timeout: 15_000 });

    await page.goto(`${baseUrl}/gift-vouchers/balance`);
    await pageReady(page);
    await page.getByLabel('Voucher code').fill(code);
    await page.getByRole('button', { name: 'Check the balance' }).click();
    await page.getByTestId('voucher-balance').getByText('£0.00 left', { exact: true }).waitFor();
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('gift-voucher-balance-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the balance page');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('shows the voucher pages whole on a desktop', async () => {
    const { page, context, errors } = await openPage(1280);
    for (const [path, name] of [
      ['/gift-vouchers', 'gift-vouchers-1280'],
      ['/gift-vouchers/balance', 'gift-voucher-balance-1280'],
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await pageReady(page);
      await settle(page, { lazy: false });
      await page.screenshot({ path: shot(name), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], `axe finds nothing on ${path} at 1280 px`);
    }
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});

describe('offer codes', () => {
  it('refuses a Tuesday-only code for a Wednesday delivery, with its sentence', async () => {
    const studio = await openPage(1280);
    await signIn(studio.page, '/admin/orders/offers');
    await studio.page.getByRole('button', { name: 'Make an offer code' }).click();
    const form = studio.page.getByRole('form', { name: 'A new offer code' });
    await form.getByLabel('Code').fill('TUESDAY10');
    await form.getByLabel('Percentage off').fill('10');
    await form.getByRole('checkbox', { name: 'Tuesday' }).check();
    await form.getByRole('button', { name: 'Make the code' }).click();
    await studio.page.getByRole('rowheader', { name: 'TUESDAY10' }).waitFor();
    await settle(studio.page, { lazy: false });
    await studio.page.screenshot({ path: shot('admin-offers-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(studio.page, { all: true }), [], 'axe finds nothing on the offer codes');
    await studio.page.goto(`${baseUrl}/admin/orders/vouchers`);
    await studio.page.getByRole('table').waitFor();
    await settle(studio.page, { lazy: false });
    await studio.page.screenshot({ path: shot('admin-vouchers-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(studio.page, { all: true }), [], 'axe finds nothing on the vouchers');
    await studio.context.close();

    const { page, context, errors } = await openPage(390);
    await checkoutWithOneBouquet(page, product.name);
    await fillMe(page);
    await page.getByRole('group', { name: 'Delivery day' }).getByRole('radio', { name: 'Wednesday 16 December' }).check();
    await page.getByLabel('Gift voucher or offer code').fill('tuesday10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const box = page.getByLabel('Gift voucher or offer code');
    await page.getByText('This code is for Tuesday deliveries.').first().waitFor();
    const said = await box.evaluate((el) => el.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '));
    assert.equal(said, 'This code is for Tuesday deliveries.', 'the sentence stands by the box, tied to it');
    assert.equal(await box.inputValue(), 'tuesday10', 'what was typed is kept');
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-offer-refused-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the refused code');

    // Applied for the Tuesday, the code takes its tenth off; moved to the Wednesday, the page
    // judges it again itself (the checkout's wasm module) and says why, asking the server nothing.
    const days = page.getByRole('group', { name: 'Delivery day' });
    await days.getByRole('radio', { name: 'Tuesday 15 December' }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('checkout-discount').waitFor();
    const codeCalls = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes('code')) codeCalls.push(request.url());
    });
    await days.getByRole('radio', { name: 'Wednesday 16 December' }).check();
    const summary = page.getByRole('complementary', { name: 'Your order' });
    await summary.getByText('This code is for Tuesday deliveries.').waitFor();
    assert.equal(await page.getByTestId('checkout-discount').count(), 0, 'nothing off on a Wednesday');
    await days.getByRole('radio', { name: 'Tuesday 15 December' }).check();
    await page.getByTestId('checkout-discount').waitFor();
    assert.deepEqual(codeCalls, [], 'the day was changed without asking the server about the code');
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-offer-tuesday-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing with the code on');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
