// The studio's morning in a real Chromium, on the shop's fixed clock (Monday 14 December 2026,
// 09:30): a shopper's order placed through the shop appears in Orders under today; the studio
// confirms it (the customer is mailed, and their own order page shows Confirmed with its time),
// sends it out for delivery and marks it delivered; prints the day sheet; takes a phone order,
// sees it in the day's work, refunds part of it (a second tab opened before is told, keeping
// what was typed there) and then cancels it (everything back in stock).
// On a phone: the back office's compact header puts the first order within the first screen
// (measured), a new order appears without pressing anything (and in the tab's title), the phone
// numbers ring and the addresses open in maps; orders are moved together ("Mark 2 …"), and an
// order's day and card are changed when the customer rings, with a note. Screenshots of the
// orders view and an order at 390 and 1280 px and of the day sheet (on screen, as printed, and a
// PDF), with axe-core on each page.
//
//   POSY_URL=… POSY_DATA=… POSY_ADMIN_USERNAME=… POSY_ADMIN_PASSWORD=… POSY_FAKE_NOW=… npm run e2e
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { describe, it } from 'node:test';
import { admin, axeFindings, baseUrl, checkoutWithOneBouquet, fillMe, mailTo, me, noSidewaysScroll, payWithTestCard, products, screenshots, settle, shot, signIn, spareBouquet, useBrowser } from './helpers.mjs';

const TODAY = 'Today · Monday 14 December';

let product;
let stockBefore;
const { openPage } = useBrowser(async (browser) => {
  product = await spareBouquet(browser, { today: true });
});

async function stockOf(page, id) {
  const response = await page.request.get(`${baseUrl}/api/products/${id}/`);
  return (await response.json()).stock;
}

async function look(page, name, what) {
  await settle(page, { lazy: false });
  await noSidewaysScroll(page, what);
  // From the top, so the sticky header stays at the top of the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true });
  assert.deepEqual(await axeFindings(page, { all: true }), [], `axe finds nothing on ${what}`);
}

/** The shopper's order: one bouquet delivered today to Ada Rose, with a card. */
async function shopperOrders(page) {
  await checkoutWithOneBouquet(page, product.name);
  await fillMe(page);
  await page.getByLabel("Recipient's name").fill('Ada Rose');
  await page.getByLabel("Recipient's phone").fill('07700 900123');
  await page.getByLabel('Delivery address', { exact: true }).fill('3 Hill Street');
  await page.getByLabel('Delivery town or city').fill('Bristol');
  await page.getByLabel('Delivery postcode').fill('BS3 1AA');
  await page.getByTestId('postcode-check').getByText(/We deliver to BS3/).waitFor();
  await page.getByLabel('Delivery instructions (optional)').fill('Blue door, by the bakery.');
  await page.getByLabel('Card message (optional)').fill('Happy birthday, Ada!\nWith love from Jo');
  await page.getByLabel(/^From/).fill('Jo');
  await payWithTestCard(page);
  return (await page.getByTestId('order-number').textContent()).trim();
}

describe('the studio’s morning', () => {
  let number;
  let orderPath;

  it('confirms a shopper’s order, sends it out and delivers it, the customer seeing each step', async () => {
    const shopper = await openPage(1280);
    stockBefore = await stockOf(shopper.page, product.id);
    number = await shopperOrders(shopper.page);

    const { page, context, errors } = await openPage(1280);
    await signIn(page, '/admin/orders');
    const today = page.getByRole('region', { name: TODAY });
    const row = today.getByRole('link', { name: new RegExp(number) });
    await row.waitFor();
    assert.match(await row.innerText(), /New[\s\S]*Delivery, Afternoon[\s\S]*Ada Rose · BS3 1AA/);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: /^Orders \d+ new$/ }).waitFor();
    await look(page, 'admin-orders-1280', 'the day’s work');

    await row.click();
    await page.getByRole('heading', { name: number }).waitFor();
    orderPath = new URL(page.url()).pathname;
    await page.getByText('Happy birthday, Ada!').waitFor();
    await look(page, 'admin-order-1280', 'an order');

    await page.getByRole('button', { name: 'Mark as confirmed' }).click();
    await page.getByRole('button', { name: 'Mark as ready' }).waitFor();
    await page.getByRole('region', { name: 'History' }).getByText('Confirmed', { exact: true }).waitFor();

    // The customer is told, and their own page (from the mail's link) shows Confirmed with its time.
    const mail = await mailTo(me.Email, number, 'is confirmed');
    // Quoted-printable writes the link's = as =3D.
    const link = /\/order-confirmation\/\d+\?token=[0-9a-f]+/.exec(mail.replace(/=3D/g, '='))?.[0];
    assert.ok(link, 'the mail links to the customer’s order page');
    await shopper.page.goto(`${baseUrl}${link}`);
    const progress = shopper.page.getByRole('region', { name: 'Where your order is' });
    await progress.waitFor();
    // Its time is when the studio pressed the button (the server's real clock, not the shop's fixed one).
    assert.match(await progress.getByRole('listitem').nth(1).innerText(), /^Confirmed\s*[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d\d$/);
    await look(shopper.page, 'order-progress-1280', 'the customer’s order page');
    await shopper.context.close();

    // A skip that mails the customer asks first, in words, and acts only on the yes.
    await page.getByRole('button', { name: 'Skip to out for delivery' }).click();
    const asking = page.getByRole('alertdialog', { name: `Mark ${number} out for delivery?` });
    await asking.waitFor();
    assert.match(await asking.innerText(), /This skips Ready and e-mails \S+ that the flowers are on their way\./);
    await asking.getByRole('button', { name: 'Yes, mark out for delivery' }).click();
    await page.getByRole('button', { name: 'Mark as delivered' }).waitFor();
    await mailTo(me.Email, number, 'on their way');
    await page.getByRole('button', { name: 'Mark as delivered' }).click();
    await page.getByRole('region', { name: 'History' }).getByText('Delivered', { exact: true }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Move the order' }).count(), 0, 'a delivered order moves no further');
    await mailTo(me.Email, number, 'has been delivered');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('shows the orders and an order on a phone', async () => {
    const { page, context, errors } = await openPage(390);
    await signIn(page, '/admin/orders');
    const first = page.getByRole('region', { name: TODAY }).getByRole('link', { name: new RegExp(number) });
    await first.waitFor();
    // The back office's own header: no shop navigation or footer, so the work comes first.
    assert.equal(await page.getByRole('contentinfo').count(), 0, 'no shop footer in the back office');
    assert.deepEqual(
      await page.getByRole('navigation').evaluateAll((navs) => navs.map((nav) => nav.getAttribute('aria-label'))),
      ['Back office'],
      'only the back office’s menu',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstRow = await page.locator('.order-row').first().boundingBox();
    const screenHeight = page.viewportSize().height;
    console.log(`# first order row at 390 px: top ${Math.round(firstRow.y)} px, bottom ${Math.round(firstRow.y + firstRow.height)} px (screen ${screenHeight} px)`);
    assert.ok(firstRow.y + firstRow.height <= screenHeight, `the first order is within the first screen (its top at ${firstRow.y} px)`);
    await look(page, 'admin-orders-390', 'the day’s work on a phone');
    await page.goto(`${baseUrl}${orderPath}`);
    await page.getByRole('heading', { name: number }).waitFor();
    // The recipient's phone rings and the address opens in maps.
    const delivery = page.getByRole('region', { name: 'Delivery' });
    assert.equal(await delivery.getByRole('link', { name: '07700 900123' }).getAttribute('href'), 'tel:07700900123');
    assert.match(await delivery.getByRole('link', { name: /^Open in maps for 3 Hill Street, Bristol, BS3 1AA/ }).getAttribute('href'), /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=3%20Hill%20Street/);
    await look(page, 'admin-order-390', 'an order on a phone');
    // Delivered: it can be refunded, no longer cancelled.
    await page.getByRole('button', { name: 'Refund…' }).click();
    await page.getByRole('checkbox', { name: /^The delivery charge/ }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Cancel the order' }).count(), 0);
    await look(page, 'admin-order-refund-390', 'the refund panel on a phone');
    await page.goto(`${baseUrl}/admin/orders/new`);
    await page.getByLabel('Item 1').waitFor();
    await look(page, 'admin-phone-order-390', 'the phone order on a phone');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('prints the day sheet, with its cards', async () => {
    const { page, context, errors } = await openPage(1280);
    await signIn(page, '/admin/orders');
    await page.getByRole('region', { name: TODAY }).getByRole('link', { name: 'Day sheet for Monday 14 December' }).click();
    await page.waitForURL('**/admin/orders/day/2026-12-14');
    // The slot's hours on the block, as the studio's settings have them.
    const block = page.getByRole('article', { name: /^Delivery · Afternoon \d{1,2}:\d\d–\d{1,2}:\d\d$/ }).filter({ hasText: number });
    await block.waitFor();
    const text = await block.innerText();
    for (const words of ['Ada Rose', '07700 900123', '3 Hill Street', 'BS3 1AA', `1 × ${product.name}`, 'Blue door, by the bakery.', 'Happy birthday, Ada!']) {
      assert.ok(text.includes(words), `the sheet's block says "${words}"`);
    }
    assert.ok(!text.includes('£'), 'the sheet shows no prices');
    assert.equal(await block.getByRole('link', { name: '07700 900123' }).getAttribute('href'), 'tel:07700900123');
    await block.getByRole('link', { name: /^Open in maps for 3 Hill Street/ }).waitFor();
    await block.getByRole('checkbox', { name: `Done: ${number}` }).check();
    // The bench's tally, each line with a box to tick.
    await page.getByRole('region', { name: 'To make' }).getByRole('checkbox', { name: new RegExp(`× ${product.name}$`) }).waitFor();
    // The card is the recipient's: no order reference on it.
    const card = page.getByRole('region', { name: 'Cards' }).getByRole('listitem').filter({ hasText: 'To Ada Rose' }).first();
    await card.waitFor();
    assert.ok(!(await card.innerText()).includes('FS-'), 'no order reference on the card');
    await look(page, 'admin-day-sheet-1280', 'the day sheet');

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Print' }).isVisible(), false, 'no buttons on paper');
    assert.equal(await page.getByRole('navigation', { name: 'Back office' }).isVisible(), false, 'no menu on paper');
    await page.screenshot({ path: shot('admin-day-sheet-print'), fullPage: true });
    const pdf = `${screenshots}/admin-day-sheet.pdf`;
    await page.pdf({ path: pdf, format: 'A4', printBackground: true });
    assert.ok(statSync(pdf).size > 1000, 'a PDF of the day sheet');
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('takes a phone order, sees it in the day’s work, refunds part of it and cancels it', async () => {
    const { page, context, errors } = await openPage(1280);
    await signIn(page, '/admin/orders');
    const stockNow = await stockOf(page, product.id);
    await page.getByRole('link', { name: 'Take a phone order' }).click();
    await page.waitForURL('**/admin/orders/new');

    // Sent empty first: each sentence stands beside its field.
    await page.getByRole('button', { name: 'Take the order' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.getByLabel('First name', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();

    await page.getByLabel('First name', { exact: true }).fill('Margaret');
    await page.getByLabel('Last name', { exact: true }).fill('Hale');
    await page.getByLabel('Phone', { exact: true }).fill('0117 496 0000');
    await page.getByLabel('How it was paid').fill('Cash');
    await page.getByLabel('Item 1').selectOption(String(product.id));
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('radio', { name: 'Collection from the studio' }).check();
    await page.getByLabel('Collection time').selectOption('14:00');
    await page.getByLabel('Card message (optional)').fill('For the bride’s mother');
    await look(page, 'admin-phone-order-1280', 'the phone order');
    await page.getByRole('button', { name: 'Take the order' }).click();
    await page.waitForURL(/\/admin\/orders\/\d+$/);
    const phoneNumber = (await page.getByRole('heading', { level: 2, name: /^FS-\d+$/ }).innerText()).trim();
    assert.equal(await stockOf(page, product.id), stockNow - 2, 'the phone order takes stock');

    await page.goto(`${baseUrl}/admin/orders`);
    const row = page.getByRole('region', { name: TODAY }).getByRole('link', { name: new RegExp(phoneNumber) });
    await row.waitFor();
    assert.match(await row.innerText(), /Collection, 14:00[\s\S]*Margaret Hale[\s\S]*Phone order/);
    await row.click();
    await page.getByRole('heading', { name: phoneNumber }).waitFor();
    // A second tab on the same order, opened before the refund below and left as it was.
    const stale = await context.newPage();
    await stale.goto(page.url());
    await stale.getByRole('heading', { name: phoneNumber }).waitFor();

    // One of the two back, into stock.
    await page.getByRole('button', { name: 'Cancel or refund…' }).click();
    await page.getByRole('spinbutton', { name: `How many ${product.name} to refund` }).fill('1');
    assert.ok(await page.getByRole('checkbox', { name: `Put ${product.name} back in stock` }).isChecked(), 'not made yet: back in stock');
    await page.getByLabel('Reason (for the order’s record)').fill('One fewer needed');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: /^Yes, give back £/ }).waitFor();
    await look(page, 'admin-order-refund-1280', 'the refund’s confirmation');
    await page.getByRole('button', { name: /^Yes, give back £/ }).click();
    await page.getByText('1 refunded').waitFor();
    await page.getByRole('list', { name: 'Refunds' }).getByText('One fewer needed').waitFor();
    const payment = page.getByRole('region', { name: 'Payment' });
    assert.match(await payment.innerText(), new RegExp(`Given back\\s*£${Number(product.price).toFixed(2)}`), 'the refunded amount');
    assert.equal(await stockOf(page, product.id), stockNow - 1, 'the refunded one is back in stock');
    await look(page, 'admin-order-refunded-1280', 'an order partly refunded');

    // The tab opened before that refund is told of it and keeps what was typed there.
    await stale.getByRole('button', { name: 'Cancel or refund…' }).click();
    await stale.getByRole('spinbutton', { name: `How many ${product.name} to refund` }).fill('1');
    await stale.getByLabel('Reason (for the order’s record)').fill('Typed on the other tab');
    await stale.getByRole('button', { name: 'Review' }).click();
    await stale.getByRole('button', { name: /^Yes, give back £/ }).click();
    await stale.getByText(/^Someone refunded £[\d.,]+ on this order while you had it open: check the order and refund again if it is still needed\.$/).waitFor();
    assert.equal(await stale.getByRole('spinbutton', { name: `How many ${product.name} to refund` }).inputValue(), '1', 'the quantity typed is kept');
    assert.equal(await stale.getByLabel('Reason (for the order’s record)').inputValue(), 'Typed on the other tab', 'the reason typed is kept');
    await stale.getByText('1 refunded').waitFor();
    await look(stale, 'admin-order-refund-stale-1280', 'a refund refused on a tab out of date');
    await stale.close();
    assert.equal(await stockOf(page, product.id), stockNow - 1, 'the other tab gave nothing back');

    // Then the rest, cancelling the order.
    await page.getByRole('button', { name: 'Cancel or refund…' }).click();
    await page.getByRole('spinbutton', { name: `How many ${product.name} to refund` }).fill('1');
    await page.getByRole('checkbox', { name: 'Cancel the order' }).check();
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: /^Yes, give back £.* and cancel the order$/ }).click();
    await page.locator('.order-status', { hasText: 'Cancelled' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Refunds' }).getByRole('listitem').count(), 2, 'both refunds are listed');
    assert.match(await payment.innerText(), new RegExp(`Given back\\s*£${(2 * Number(product.price)).toFixed(2)}`), 'all of it given back');
    assert.equal(await stockOf(page, product.id), stockNow, 'everything is back in stock');
    await look(page, 'admin-order-cancelled-1280', 'a cancelled order');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
    assert.equal(stockNow, stockBefore - 1, 'only the delivered bouquet left the shelf');
  });

  it('on a phone: new orders appear by themselves, two are marked confirmed at once, and one is changed when the customer rings', async () => {
    const { page, context, errors } = await openPage(390);
    await signIn(page, '/admin/orders');
    const today = page.getByRole('region', { name: TODAY });
    await today.waitFor();

    // Two orders arrive while the list is open; nobody presses anything.
    const shopper = await openPage(1280);
    const first = await shopperOrders(shopper.page);
    const second = await shopperOrders(shopper.page);
    await shopper.context.close();
    await page.clock.fastForward(30_000);
    await today.getByRole('link', { name: new RegExp(second) }).waitFor();
    await today.getByRole('link', { name: new RegExp(first) }).waitFor();
    await page.waitForFunction(() => /^\(\d+\) Orders · Posy$/.test(document.title));

    // Both ticked, one move: each customer is told, as by a single move.
    await today.getByRole('checkbox', { name: `Tick ${first}` }).check();
    await today.getByRole('checkbox', { name: `Tick ${second}` }).check();
    const bar = page.getByRole('region', { name: 'Move the ticked orders' });
    await bar.getByRole('button', { name: 'Mark 2 confirmed' }).click();
    await look(page, 'admin-orders-bulk-390', 'the question before a move together');
    await bar.getByRole('alertdialog', { name: 'Mark 2 confirmed?' }).getByRole('button', { name: 'Yes, mark 2 confirmed' }).click();
    await page.locator('.bulk-result').getByText('2 orders moved.').waitFor();
    await mailTo(me.Email, first, 'is confirmed');
    await mailTo(me.Email, second, 'is confirmed');
    assert.match(await today.getByRole('link', { name: new RegExp(first) }).innerText(), /Confirmed/);

    // The customer rings: tomorrow morning instead, with new words on the card.
    await today.getByRole('link', { name: new RegExp(first) }).click();
    await page.getByRole('heading', { name: first }).waitFor();
    await page.getByRole('button', { name: 'Change day, address or card…' }).click();
    const form = page.getByRole('form', { name: 'Change the delivery' });
    await form.getByLabel('Delivery day').selectOption('2026-12-15');
    await form.getByLabel('Delivery time').selectOption('Morning');
    await form.getByLabel('Card message (optional)').fill('Happy birthday, Ada!\nA day late, with love from Jo');
    await look(page, 'admin-order-change-390', 'the change of an order on a phone');
    await form.getByRole('button', { name: 'Save the change' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(/Day: Monday 14 December → Tuesday 15 December/).waitFor();
    await page.getByRole('region', { name: 'Delivery' }).getByText('Tuesday 15 December, Morning').waitFor();

    // A note from this page, while a second page still holds the older version: that one is
    // refused in words and keeps what was typed.
    const other = await openPage(1280);
    await signIn(other.page, new URL(page.url()).pathname);
    const theirNotes = other.page.getByRole('region', { name: 'Notes' });
    await theirNotes.getByLabel(/Add a note/).fill('Ring before delivering');
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByLabel(/Add a note/).fill('Customer rang at 9.40 to move it to tomorrow');
    await notes.getByRole('button', { name: 'Save the note' }).click();
    await notes.getByText('Customer rang at 9.40 to move it to tomorrow').waitFor();
    await theirNotes.getByRole('button', { name: 'Save the note' }).click();
    await theirNotes.getByRole('alert').getByText(/Someone else changed this order/).waitFor();
    assert.equal(await theirNotes.getByLabel(/Add a note/).inputValue(), 'Ring before delivering', 'what was typed stays');
    await look(other.page, 'admin-order-stale-note-1280', 'a note refused as out of date');
    await other.context.close();
    await look(page, 'admin-order-changed-390', 'an order changed, with a note');
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
