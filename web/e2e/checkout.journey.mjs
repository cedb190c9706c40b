// A shopper pays, in a real Chromium against the real server on the simulated provider: a good
// card reaches the confirmation page with the order; a declined card, a form with gaps and a
// failed 3-D Secure each say so; an order link with a wrong token is refused. The simulated
// default never fetches Stripe.js. Screenshots of /checkout and the confirmation at phone and
// desktop widths are kept with the results.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addFromShop, axeFindings, baseUrl, cartIcon, checkoutWithOneBouquet, me, openShop, pounds, settle, shot, spareBouquet, useBrowser } from './helpers.mjs';

// Each journey buys at most one bouquet, but for the basket changed in another tab, which buys two.
let product;
const { openPage } = useBrowser(async (browser) => {
  product = await spareBouquet(browser);
});

async function fillCustomer(page, skip = []) {
  for (const [label, value] of Object.entries(me)) {
    if (!skip.includes(label)) await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Collection from the studio, on the first day offered, at the first time: free, so the total is the bouquet's. */
async function collect(page) {
  await page.getByRole('radio', { name: /^Collection/ }).check();
  const time = page.getByLabel('Collection time');
  await time.selectOption({ index: 1 });
}

async function fillCard(page, number) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

const pay = (page) => page.getByRole('button', { name: /^Pay £/ });
const problem = (page) => page.locator('.checkout__problem');

describe('a shopper pays', () => {
  it('with 4242 4242 4242 4242 and reaches the confirmation page showing the order', async () => {
    const { page, context, errors, hosts } = await openPage(1280);
    await checkoutWithOneBouquet(page, product.name);
    assert.ok(await page.getByText('Test mode', { exact: true }).isVisible(), 'the test-mode notice shows');
    const summary = page.getByRole('complementary', { name: 'Your order' });
    assert.ok(await summary.getByText(product.name, { exact: true }).isVisible());
    assert.equal(await page.getByTestId('checkout-total').textContent(), pounds.format(Number(product.price)));
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on /checkout');

    await fillCustomer(page);
    await collect(page);
    await fillCard(page, '4242 4242 4242 4242');
    await pay(page).click();

    await page.waitForURL(/\/order-confirmation\/\d+\?token=.+/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Thank you, Jo!' }).waitFor();
    const number = await page.getByTestId('order-number').textContent();
    assert.match(number, /^FS-\d{6}$/);
    const items = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
    assert.equal(await items.count(), 1);
    const line = await items.first().textContent();
    assert.ok(line.includes(`${product.name}1 × ${pounds.format(Number(product.price))}`), `the line shows name, quantity and price: ${line}`);
    assert.equal(await page.getByTestId('order-total').textContent(), pounds.format(Number(product.price)));
    assert.ok(await page.getByText(me.Email, { exact: true }).isVisible(), 'the email it was sent to');
    assert.ok(await page.getByRole('heading', { name: 'Collecting from the studio' }).isVisible(), 'the collection');
    await page.getByRole('link', { name: 'Cart, 0 items', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('cartId')), null, 'the cart id is forgotten');
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('order-confirmation-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the confirmation');

    // The same link on a phone.
    const link = page.url();
    const phone = await openPage(390);
    await phone.page.goto(link);
    await phone.page.getByRole('heading', { name: 'Thank you, Jo!' }).waitFor();
    assert.equal(await phone.page.getByTestId('order-number').textContent(), number);
    await settle(phone.page, { lazy: false });
    await phone.page.screenshot({ path: shot('order-confirmation-390'), fullPage: true });
    assert.deepEqual(phone.errors, [], 'no script errors at 390 px');
    await phone.context.close();

    assert.ok(![...hosts].some((host) => host.endsWith('stripe.com')), `the simulated provider fetched nothing from Stripe: ${[...hosts]}`);
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('with 4000 0000 0000 0002 and is told the card was declined', async () => {
    const { page, context, errors } = await openPage(390);
    await checkoutWithOneBouquet(page, product.name);
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-390'), fullPage: true });
    await fillCustomer(page);
    await collect(page);
    await fillCard(page, '4000 0000 0000 0002');
    await pay(page).click();
    await problem(page).getByText('Payment failed: Your card was declined.', { exact: true }).waitFor();
    assert.ok(page.url().endsWith('/checkout'), 'still on /checkout');
    assert.ok(await pay(page).isEnabled(), 'Pay can be pressed again');
    await page.screenshot({ path: shot('checkout-declined-390') });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('with fields missing and is told which', async () => {
    const { page, context, errors } = await openPage(1280);
    await checkoutWithOneBouquet(page, product.name);
    await fillCustomer(page, ['First name', 'Postcode']);
    await fillCard(page, '4242 4242 4242 4242');
    await pay(page).click();
    // Named as the form labels them, the delivery's fields too (nothing is chosen for it yet).
    await problem(page)
      .getByText("Please fill in all required fields: First name, Postcode, Recipient's name, Delivery address, Delivery town or city, Delivery postcode", { exact: true })
      .waitFor();
    assert.equal(await page.getByLabel('First name', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByLabel('First name', { exact: true }).evaluate((input) => input === document.activeElement), 'the first field at fault has focus');
    assert.ok(page.url().endsWith('/checkout'));
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing with the fields marked');
    // The alert by Pay is about those fields: it goes once one of them changes.
    await page.getByLabel('First name', { exact: true }).fill('Jo');
    await problem(page).getByText(/required fields/).waitFor({ state: 'detached' });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('with a card that needs 3-D Secure, fails it, and lands on /payment-failed', async () => {
    const { page, context, errors } = await openPage(390);
    await checkoutWithOneBouquet(page, product.name);
    await fillCustomer(page);
    await collect(page);
    await fillCard(page, '4000 0027 6000 3184');
    await pay(page).click();
    const dialog = page.getByRole('dialog', { name: '3-D Secure (test mode)' });
    await dialog.waitFor();
    await settle(page, { lazy: false });
    await page.screenshot({ path: shot('checkout-3ds-390') });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing with the dialog open');
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL('**/payment-failed');
    await page.getByRole('heading', { level: 1, name: 'Payment failed' }).waitFor();
    await page.getByRole('link', { name: 'Retry Payment' }).click();
    await page.waitForURL('**/checkout');
    // Nothing was bought: the cart is still there to pay for.
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('opens an order link with a wrong token and is told it has expired', async () => {
    const { page, context, errors } = await openPage(1280);
    await page.goto(`${baseUrl}/order-confirmation/1?token=not-the-token`);
    await page
      .getByText('This order link has expired for security reasons. Please check your email for order details.', { exact: true })
      .waitFor();
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('with the basket changed in another tab, is shown the new total before any card is charged', async () => {
    const { page, context, errors } = await openPage(1280);
    await checkoutWithOneBouquet(page, product.name);
    await fillCustomer(page);
    await collect(page);
    await fillCard(page, '4242 4242 4242 4242');
    const one = pounds.format(Number(product.price));
    const two = pounds.format(2 * Number(product.price));
    assert.equal(await pay(page).textContent(), `Pay ${one}`);

    // Another tab of the same visit (the same cart) adds a second bouquet.
    const other = await context.newPage();
    await addFromShop(other, await openShop(other), product.name);
    await cartIcon(other, 2).waitFor();
    await other.close();

    await pay(page).click();
    await problem(page)
      .getByText(`Your basket changed, perhaps in another tab: the total is now ${two}. Please check it and press Pay again.`, {
        exact: true,
      })
      .waitFor();
    await page.getByRole('button', { name: `Pay ${two}`, exact: true }).waitFor();
    assert.ok(page.url().endsWith('/checkout'), 'still on /checkout, nothing charged');

    await pay(page).click();
    await page.waitForURL(/\/order-confirmation\/\d+\?token=.+/, { timeout: 15_000 });
    assert.equal(await page.getByTestId('order-total').textContent(), two, 'charged the total shown');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
