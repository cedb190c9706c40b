// A shopper fills a cart, in a real Chromium against the real server (cookies, CSRF, stock):
// one bouquet from the shop list, one with a size from its own page; the nav count and the
// shop's summary follow; on /cart a quantity changes and a line goes; a reload finds the cart
// as it was left. Screenshots of /cart at phone and desktop widths are kept with the results.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addFromShop, animationsDone, baseUrl, cartIcon, noAlerts, openShop, pounds, productCard, products, settle, shot, useBrowser } from './helpers.mjs';

const { openPage } = useBrowser();

/** Two products from the demo catalogue: one without sizes, one with a size of some stock. */
async function chooseProducts(page) {
  const all = await products(page.request);
  // Fewer than 10 in stock, when there is one, so the cart can be asked for more than there is.
  const plains = all.filter((p) => !p.has_variations && p.stock >= 3);
  const plain = plains.find((p) => p.stock < 10) ?? plains[0];
  assert.ok(plain, 'the demo catalogue has a product without sizes, 3 or more in stock');
  const sized = all.find((p) => p.has_variations && p.variations.some((v) => v.stock >= 2));
  assert.ok(sized, 'the demo catalogue has a product with a size of 2 or more in stock');
  const size = sized.variations.find((v) => v.stock >= 2);
  return { plain, sized, size };
}

const toast = (page, text) => page.getByRole('alert').filter({ hasText: text }).last();

describe('a shopper fills a cart', () => {
  it('adds from the shop and a product page, changes and removes on /cart, and finds it again after a reload', async () => {
    const { page, context, errors } = await openPage(1280);
    const { plain, sized, size } = await chooseProducts(page);
    const sizedName = `${sized.name} (${size.size})`;

    // The shop: an empty cart to start with.
    const grid = await openShop(page);
    await cartIcon(page, 0).waitFor();
    assert.equal(await page.getByTestId('cart-summary-count').textContent(), '0 items');
    assert.ok(await page.getByText('We deliver across Bristol, or collect from our studio in BS14.', { exact: true }).first().isVisible());

    // One from the list, with no size.
    await addFromShop(page, grid, plain.name);
    await toast(page, 'Added to cart!').waitFor();
    await cartIcon(page, 1).waitFor();
    assert.equal(await page.getByTestId('cart-summary-count').textContent(), '1 item');
    assert.equal(await page.getByTestId('cart-summary-total').textContent(), pounds.format(Number(plain.price)));

    // The product with sizes has no add button in the list, only the way to its page.
    const sizedCard = productCard(page, grid, sized.name);
    assert.equal(await sizedCard.getByRole('button', { name: 'Add to cart' }).count(), 0);
    await sizedCard.getByRole('link', { name: 'Choose size' }).click();
    await page.waitForURL(`**/shop/${sized.id}`);
    await page.getByRole('heading', { level: 1, name: sized.name }).waitFor();
    await page.locator(`input[type=radio][value="${size.id}"]`).check();
    await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Added to cart!').waitFor();
    await cartIcon(page, 3).waitFor();

    // Back in the shop, the summary has both.
    const expectedTotal = Number(plain.price) + 2 * Number(size.price);
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.getByTestId('cart-summary-count').filter({ hasText: '3 items' }).waitFor();
    assert.equal(await page.getByTestId('cart-summary-total').textContent(), pounds.format(expectedTotal));

    // The cart page: both lines.
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await page.waitForURL('**/cart');
    const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    await lines.first().waitFor();
    assert.equal(await lines.count(), 2);
    assert.equal(await page.getByTestId('cart-total').textContent(), pounds.format(expectedTotal));
    // When the flowers can come, from the core's rules over the studio's settings.
    const delivery = await page.getByTestId('earliest-delivery').textContent();
    assert.match(delivery, /^(Order by 12:00 for delivery today|From \w+day \d+ \w+)$/);
    await page.getByText(/Collection from the studio is free/).waitFor();
    assert.ok(await page.getByText(`Size: ${size.size}`).isVisible(), 'the size is shown');

    // Three of the plain one.
    const plainLine = lines.filter({ has: page.getByRole('link', { name: plain.name, exact: true }) });
    const plainQuantity = plainLine.getByRole('combobox', { name: `Quantity of ${plain.name}` });
    await plainQuantity.selectOption('3');
    await cartIcon(page, 5).waitFor();
    const changedTotal = 3 * Number(plain.price) + 2 * Number(size.price);
    await page.getByTestId('cart-total').filter({ hasText: pounds.format(changedTotal) }).waitFor();
    assert.equal(await plainLine.getByTestId('line-total').textContent(), `Line total: ${pounds.format(3 * Number(plain.price))}`);

    // More than the studio has: the server says why, and the page shows what is really there.
    if (plain.stock < 10) {
      await plainQuantity.selectOption(String(plain.stock + 1));
      await toast(page, 'Couldn’t change the quantity').waitFor();
      await page.waitForFunction((select) => select.value === '3', await plainQuantity.elementHandle());
      await cartIcon(page, 5).waitFor();
    }

    // Screenshots with both lines, at desktop and phone widths (the phone opens the same cart).
    const cartId = await page.evaluate(() => localStorage.getItem('cartId'));
    assert.ok(cartId, 'the cart id is kept in localStorage under cartId');
    await noAlerts(page);
    await settle(page);
    await page.screenshot({ path: shot('cart-1280'), fullPage: true });

    const phone = await openPage(390, { cartId });
    await phone.page.goto(`${baseUrl}/cart`);
    await phone.page.getByRole('list', { name: 'Items in your cart' }).waitFor();
    await cartIcon(phone.page, 5).waitFor();
    await settle(phone.page);
    await phone.page.screenshot({ path: shot('cart-390'), fullPage: true });
    assert.deepEqual(phone.errors, [], 'no script errors at 390 px');
    await phone.context.close();

    // Remove the sized line.
    const sizedLine = lines.filter({ has: page.getByRole('link', { name: sized.name, exact: true }) });
    await sizedLine.getByRole('button', { name: `Remove ${sizedName} from your cart` }).click();
    await cartIcon(page, 3).waitFor();
    assert.equal(await lines.count(), 1);
    assert.equal(await page.getByTestId('cart-total').textContent(), pounds.format(3 * Number(plain.price)));

    // A reload finds the cart as it was left.
    await page.reload();
    await lines.first().waitFor();
    await cartIcon(page, 3).waitFor();
    assert.equal(await lines.count(), 1);
    assert.equal(await plainQuantity.inputValue(), '3');
    assert.equal(await page.evaluate(() => localStorage.getItem('cartId')), cartId, 'the same cart');

    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('shows an empty cart that leads back to the shop', async () => {
    const { page, context, errors } = await openPage(390);
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: shot('cart-empty-390') });
    await page.getByRole('link', { name: 'Browse the shop' }).click();
    await page.waitForURL('**/shop');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
