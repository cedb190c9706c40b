// A shopper's payment went through but no order came of it (the browser closed before it asked
// for one): coming back to /checkout, the shop places the order from the card's billing details,
// says so and links to it. A payment refunded because the cart changed meanwhile: /checkout says
// so in a sentence and the shopper pays again. In a real Chromium against the real server on the
// simulated provider.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseUrl, checkoutWithOneBouquet, fillMe, payWithTestCard, shot, spareBouquet, useBrowser } from './helpers.mjs';

let product;
const { openPage } = useBrowser(async (browser) => {
  product = await spareBouquet(browser);
});

/** What the page's own scripts would send: JSON with the CSRF token the shop set. */
function call(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([name]) => name === 'csrftoken')?.[1];
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrftoken': decodeURIComponent(token ?? '') },
        body: body && JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/** Pays the cart's intent with 4242… as the card form would, and never asks for the order. */
async function payWithoutOrdering(page, cartId) {
  const intent = await call(page, 'GET', `/api/payment/check_intent/?cart_id=${cartId}`);
  assert.equal(intent.status, 200, JSON.stringify(intent.body));
  const paid = await call(page, 'POST', '/api/payment/simulated/confirm/', {
    client_secret: intent.body.client_secret,
    card_number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    billing_details: {
      name: 'Jo Bloom',
      email: 'jo.bloom@example.com',
      phone: '0117 496 0123',
      address: { line1: '12 Wells Road', city: 'Bristol', postal_code: 'BS14 9AB', country: 'GB' },
    },
  });
  assert.equal(paid.body.payment_intent?.status, 'succeeded', JSON.stringify(paid.body));
}

describe('a cart that was paid without an order', () => {
  it('gets its order when the shopper comes back to /checkout, named and linked', async () => {
    const { page, context, errors } = await openPage(1280);
    const cartId = await checkoutWithOneBouquet(page, product.name);
    await payWithoutOrdering(page, cartId);

    await page.goto(`${baseUrl}/checkout`);
    const notice = page.getByTestId('checkout-ordered');
    await notice.waitFor({ timeout: 15_000 });
    assert.match(await notice.textContent(), /we have placed your order FS-\d{6}/);
    assert.equal(await page.getByRole('button', { name: /^Pay £/ }).count(), 0, 'nothing more to pay');
    await page.screenshot({ path: shot('checkout-paid-cart-ordered'), fullPage: true });

    await notice.getByRole('link', { name: 'See your order' }).click();
    await page.waitForURL(/\/order-confirmation\/\d+\?token=.+/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Thank you, Jo!' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('is refunded when its cart changed meanwhile: /checkout says so and the shopper pays again', async () => {
    const { page, context, errors } = await openPage(1280);
    const cartId = await checkoutWithOneBouquet(page, product.name);
    await payWithoutOrdering(page, cartId);
    const added = await call(page, 'POST', '/api/cart/add_item/', { cart_id: cartId, product_id: product.id, quantity: 1 });
    assert.equal(added.status, 200, JSON.stringify(added.body));

    await page.goto(`${baseUrl}/checkout`);
    const refunded = page.getByTestId('checkout-refunded');
    await refunded.waitFor({ timeout: 15_000 });
    assert.match(await refunded.textContent(), /refunded your payment in full/);
    await page.screenshot({ path: shot('checkout-refunded'), fullPage: true });

    await fillMe(page);
    await page.getByRole('radio', { name: /^Collection/ }).check();
    await page.getByLabel('Collection time').selectOption({ index: 1 });
    await payWithTestCard(page);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
