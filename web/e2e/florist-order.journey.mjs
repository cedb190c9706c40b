// A florist's order, in a real Chromium against the real server on the simulated provider, with
// the shop's clock and the page's set to Monday 14 December 2026, 09:30 (see e2e.sh): flowers
// delivered to someone else with a card at 390 px, and a collection from the studio at 1280 px.
// Each is paid with the test card and checked on the confirmation page and in the mail the shop
// wrote to its outbox; then the customer rings with the right house number, the studio changes
// the address on its phone and the customer's own page shows it. Screenshots of the checkout at
// both widths are kept with the results.
//
//   POSY_URL=… POSY_DATA=… POSY_FAKE_NOW=2026-12-14T09:30:00Z POSY_FAKE_NOW_SINCE=… npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, axeFindings, baseUrl, checkoutWithOneBouquet, fillMe, mailTo, me, payWithTestCard, pounds, settle, shot, spareBouquet, useBrowser } from './helpers.mjs';

let product;
let settings;
const { openPage } = useBrowser(async (browser) => {
  product = await spareBouquet(browser, { today: true });
  const context = await browser.newContext();
  settings = (await (await context.request.get(`${baseUrl}/api/delivery/`)).json()).settings;
  await context.close();
});

/** Where the shop sends its notices when not told otherwise (POSY_STUDIO_EMAIL). */
const studioEmail = process.env.POSY_STUDIO_EMAIL ?? 'studio@posy.localhost';

describe('a florist’s order', () => {
  it('delivers to someone else with a card, chosen and paid for on a phone', async () => {
    const { page, context, errors } = await openPage(390);
    await checkoutWithOneBouquet(page, product.name);
    // First, before the billing details: can they deliver there, and when?
    await page.getByLabel('Check a postcode').fill('bs3 1aa');
    await page.getByTestId('postcode-first').getByText(/^We deliver to BS3 \(.+\): .+\. Order by 12:00 for delivery today\.$/).waitFor();
    assert.equal(await page.getByLabel('Delivery postcode').inputValue(), 'bs3 1aa', 'the delivery postcode is the one checked');
    await fillMe(page);

    // Today, before noon: same-day delivery is open in the afternoon, not in the morning.
    const days = page.getByRole('group', { name: 'Delivery day' });
    assert.ok(await days.getByRole('radio', { name: 'Monday 14 December' }).isChecked(), 'today is the first day offered');
    const slots = page.getByRole('group', { name: 'Delivery time' });
    assert.ok(await slots.getByRole('radio', { name: /^Morning/ }).isDisabled(), 'no same-day morning delivery');
    assert.ok(await days.getByRole('radio', { name: 'Sunday 20 December' }).isDisabled(), 'closed on Sunday');

    await page.getByLabel("Recipient's name").fill('Ada Rose');
    await page.getByLabel("Recipient's phone").fill('07700 900123');
    await page.getByLabel('Delivery address', { exact: true }).fill('3 Hill Street');
    await page.getByLabel('Delivery town or city').fill('Bristol');
    await page.getByLabel('Delivery postcode').fill('bs3 1aa');
    await page.getByTestId('postcode-check').getByText(/We deliver to BS3/).waitFor();

    // Tomorrow morning, for the slot's surcharge.
    await days.getByRole('radio', { name: 'Tuesday 15 December' }).check();
    await slots.getByRole('radio', { name: /^Morning/ }).check();
    await page.getByLabel('Delivery instructions (optional)').fill('Blue door, by the bakery.');
    await page.getByLabel('Card message (optional)').fill('Happy birthday, Ada!\nWith love from Jo');
    await page.getByTestId('card-count').getByText(/characters left/).waitFor();
    await page.getByLabel(/^From/).fill('Jo');

    const price = Number(product.price);
    const fee = price >= Number(settings.free_delivery_from) ? 0 : Number(settings.zones.find((z) => z.districts.includes('BS3')).fee);
    const surcharge = Number(settings.slots.find((s) => s.name === 'Morning').surcharge);
    const total = pounds.format(price + fee + surcharge);
    assert.equal(await page.getByTestId('checkout-total').textContent(), total);
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-delivery-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the delivery checkout');

    await payWithTestCard(page);
    assert.equal(await page.getByTestId('order-total').textContent(), total);
    assert.equal(await page.getByTestId('order-when').textContent(), 'Tuesday 15 December, Morning (09:00–13:00)', 'the slot with its hours');
    assert.ok(await page.getByText('Ada Rose').isVisible(), 'the recipient');
    assert.ok(await page.getByText('BS3 1AA').isVisible(), 'the postcode, as postcodes are written');
    assert.ok(await page.getByText('Happy birthday, Ada!').isVisible(), 'the card');
    const number = (await page.getByTestId('order-number').textContent()).trim();

    const mail = await mailTo(me.Email, number);
    // The slot with its hours (up to the dash, which the mail writes quoted-printable).
    for (const words of ['Delivery: Tuesday 15 December, Morning (09:00', 'For: Ada Rose', 'BS3 1AA', 'Blue door, by the bakery.', 'Happy birthday, Ada!']) {
      assert.ok(mail.includes(words), `the customer's mail says "${words}"`);
    }
    const notice = await mailTo(studioEmail, number);
    for (const words of ['Delivery: Tuesday 15 December, Morning (09:00', 'For: Ada Rose, 07700 900123', 'Happy birthday, Ada!']) {
      assert.ok(notice.includes(words), `the studio's notice says "${words}"`);
    }

    // Sam rings: it is number 5, not 3. The studio changes it from its phone.
    const confirmation = page.url();
    const id = /\/order-confirmation\/(\d+)/.exec(confirmation)?.[1];
    assert.ok(id, 'the confirmation page names the order');
    const studio = await openPage(390);
    await studio.page.goto(`${baseUrl}/admin/orders/${id}`);
    await studio.page.waitForURL('**/admin/login');
    await studio.page.getByLabel('Username').fill(admin.username);
    await studio.page.getByLabel('Password').fill(admin.password);
    await studio.page.getByRole('button', { name: 'Sign in' }).click();
    await studio.page.getByRole('heading', { name: number }).waitFor();
    await studio.page.getByRole('button', { name: 'Change day, address or card…' }).click();
    const form = studio.page.getByRole('form', { name: 'Change the delivery' });
    await form.getByLabel('Delivery address', { exact: true }).fill('5 Hill Street');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await studio.page.getByRole('region', { name: 'History' }).getByText(/Address: 3 Hill Street, Bristol, BS3 1AA → 5 Hill Street, Bristol, BS3 1AA/).waitFor();
    await studio.context.close();
    await page.goto(confirmation);
    await page.getByText('5 Hill Street').waitFor();
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('collects from the studio today, chosen and paid for on a desktop', async () => {
    const { page, context, errors } = await openPage(1280);
    await checkoutWithOneBouquet(page, product.name);
    await fillMe(page);
    await page.getByRole('radio', { name: /^Collection/ }).check();
    const days = page.getByRole('group', { name: 'Collection day' });
    assert.ok(await days.getByRole('radio', { name: 'Monday 14 December' }).isChecked(), 'today can be collected');
    await page.getByLabel('Collection time').selectOption('14:00');
    assert.equal(await page.getByTestId('checkout-total').textContent(), pounds.format(Number(product.price)));
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-collection-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the collection checkout');

    await payWithTestCard(page);
    assert.equal(await page.getByTestId('order-when').textContent(), 'Monday 14 December at 14:00');
    assert.equal(await page.getByTestId('order-total').textContent(), pounds.format(Number(product.price)));
    const number = (await page.getByTestId('order-number').textContent()).trim();
    const mail = await mailTo(me.Email, number);
    assert.ok(mail.includes('Collection from the studio: Monday 14 December at 14:00'), 'the mail says when to collect');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
