// The studio's back office in a real Chromium: /admin opens the orders (through the sign-in),
// in the back office's own compact header (no shop navigation or footer), today shown even when
// nothing is booked and the filters folded away;
// an enquiry sent through the contact page is counted in the admin's menu, opened (and so
// read), answered from the shop with the mail shown first, and the reply is in the outbox with
// the studio as its Reply-To; a price and a stock count changed in the back office say so and
// are on /shop at once. At 390 and 1280 px, with axe-core.
//
//   POSY_URL=… POSY_DATA=… POSY_ADMIN_USERNAME=… POSY_ADMIN_PASSWORD=… npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { admin, axeFindings, baseUrl, openShop, outbox, pounds, productCard, settle, shot, signIn, useBrowser } from './helpers.mjs';

const { openPage } = useBrowser();

async function enquire(page, name, email) {
  await page.goto(`${baseUrl}/contact`);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'What is it about?' }).selectOption('wedding');
  await page.getByRole('textbox', { name: 'Your message' }).fill('Could you do flowers for a June wedding?\nAbout 60 guests, in Bedminster.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByRole('status').getByText(/Thank you/).waitFor();
}

describe('the back office’s address', () => {
  it('/admin signs the florist in and opens the day’s work', async () => {
    const { page, context, errors } = await openPage(390);
    await signIn(page, '/admin', '/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    // Signed in, /admin goes straight to the orders.
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL('**/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    assert.equal(await page.getByText('Page not found').count(), 0);
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`has its own compact header at ${width} px, and today even when nothing is booked`, async () => {
      const { page, context, errors } = await openPage(width);
      await signIn(page, '/admin/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      // No shop navigation or footer, and one Gallery link (the menu's), not three.
      assert.equal(await page.getByRole('contentinfo').count(), 0, 'no shop footer');
      assert.equal(await page.getByRole('navigation').count(), 1, 'only the back office’s menu');
      assert.equal(await page.getByRole('link', { name: /Gallery/ }).count(), 1, 'one Gallery link');
      // Today is always there; on a shop whose journeys booked nothing for it, it says so.
      const today = page.getByRole('region', { name: /^Today · / });
      await today.waitFor();
      if ((await today.getByRole('list').count()) === 0) await today.getByText('Nothing booked yet.').waitFor();
      // The filters are folded away until asked for.
      assert.equal(await page.getByLabel('Search').isVisible(), false, 'the filters start folded');
      await page.getByText('Find orders').click();
      await page.getByLabel('Search').waitFor();
      assert.match(await page.title(), /^(\(\d+\) )?Orders · Posy$/);
      await settle(page, { lazy: false });
      await page.screenshot({ path: shot(`admin-frame-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the day’s work');
      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    });
  }
});

describe('the studio’s inbox', () => {
  for (const width of [390, 1280]) {
    it(`answers an enquiry from the shop at ${width} px`, async () => {
      const { page, context, errors } = await openPage(width);
      const name = `Bea Thorn ${width}`;
      const email = `bea.${width}@example.com`;
      await enquire(page, name, email);

      // Signing in from the inbox's address comes back to it.
      await signIn(page, '/admin/enquiries');
      await page.getByRole('heading', { level: 1, name: 'Enquiries' }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Back office' });
      await menu.getByRole('link', { name: /Enquiries \d+ new/ }).waitFor();
      const item = page.getByRole('button', { name: new RegExp(`^${name} \\(unread\\)`) });
      await settle(page, { lazy: false });
      await page.screenshot({ path: shot(`admin-enquiries-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the inbox');

      await item.click();
      const opened = page.getByRole('article', { name });
      // The enquiry itself (the preview below quotes it too).
      await opened.getByRole('paragraph').filter({ hasText: 'About 60 guests, in Bedminster.' }).waitFor();

      // The greeting is offered by first name; the florist writes only what follows it, and
      // sees the whole mail before it goes.
      assert.equal(await opened.getByLabel('Greeting').inputValue(), 'Dear Bea,');
      await opened.getByLabel(`Reply to ${name}`).fill('Yes: we would love to.\nCould you call us on 0117 496 0123?');
      await opened.getByRole('region', { name: `The e-mail ${email} will receive` }).getByText(/^Dear Bea,\s+Yes: we would love to\./).waitFor();
      await opened.getByRole('button', { name: 'Send reply' }).click();
      await opened.getByRole('region', { name: 'Replies sent' }).getByText(/we would love to/).waitFor();
      await opened.getByText('Answered', { exact: true }).waitFor();
      await settle(page, { lazy: false });
      await page.screenshot({ path: shot(`admin-enquiry-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on an answered enquiry');

      // Answered, it has left the new ones; among all of them it reads as read.
      if (width < 960) await opened.getByRole('button', { name: 'Back to the inbox' }).click();
      await page.getByRole('button', { name: /^All \d+/ }).click();
      await page.getByRole('button', { name: new RegExp(`^${name}`) }).and(page.locator(':not([data-unread])')).waitFor();

      let reply;
      for (let tries = 0; !reply && tries < 100; tries++) {
        // Not the acknowledgement the enquirer got, nor the studio's notice answering to them.
        reply = outbox().find((mail) => mail.includes(`\nTo: ${email}`) && mail.includes('Subject: Your enquiry to'));
        if (!reply) await sleep(100);
      }
      assert.ok(reply, 'the reply is in the outbox');
      assert.match(reply, /Reply-To: /, 'answers go to the studio');
      assert.match(reply, /we would love to/);
      assert.equal(reply.split('Dear Bea').length, 2, 'one greeting, the one shown');
      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    });
  }
});

describe('the studio’s products', () => {
  it('changes a price and a stock count, and /shop shows them at once', async () => {
    const { page, context, errors } = await openPage(1280);
    await signIn(page, '/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    // The last piece without sizes in the shop's order (the journeys run one file at a time,
    // and the others buy the first); its stock is put back at the end.
    const rows = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Save the stock of / }) });
    await rows.first().waitFor();
    const row = rows.last();
    const before = await row.getByLabel(/^In stock: /).inputValue();
    const name = (await row.locator('.product-row__name').textContent()).trim();
    await settle(page);
    await page.screenshot({ path: shot('admin-products-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the products');

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${name}` });
    await editor.getByLabel('Price (£)').fill('33.50');
    await settle(page);
    await page.screenshot({ path: shot('admin-product-editor-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the product editor');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await row.getByText(`Saved ${name}.`).waitFor();
    const stock = row.getByLabel(`In stock: ${name}`);
    await stock.fill('0');
    await row.getByRole('button', { name: `Save the stock of ${name}` }).click();
    await row.getByText(`Stock for ${name} is now 0.`).waitFor();
    await row.getByText('Sold out').waitFor();

    const shop = await openShop(page);
    const card = productCard(page, shop, name);
    await card.getByText(pounds.format(33.5)).waitFor();
    await card.getByText(/Sold out/).first().waitFor();

    await page.goBack();
    await stock.fill(before);
    await row.getByRole('button', { name: `Save the stock of ${name}` }).click();
    await row.getByText('Sold out').waitFor({ state: 'detached' });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});

describe('the studio’s settings', () => {
  it('opens on Sundays, and the footer says so at once', async () => {
    const { page, context, errors } = await openPage(390);
    await signIn(page, '/admin/settings');
    const form = page.getByRole('form', { name: 'Opening hours and delivery' });
    await form.waitFor();
    const sunday = form.getByRole('checkbox', { name: 'Sunday' });
    assert.equal(await sunday.isChecked(), false, 'closed on Sundays to begin with');
    await sunday.check();
    await form.getByLabel('Sunday opens').fill('10:00');
    await form.getByLabel('Sunday closes').fill('14:00');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved. The shop uses the new settings now.').waitFor();
    await settle(page);
    await page.screenshot({ path: shot('admin-settings-390'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the settings');

    // A closing time before the opening time is refused in core's words, and nothing changes.
    await form.getByLabel('Monday closes').fill('06:00');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings were not saved:').waitFor();
    await form.getByLabel('Monday closes').fill('18:00');

    const visitor = await openPage(1280);
    await visitor.page.goto(`${baseUrl}/`);
    const footer = visitor.page.getByRole('contentinfo');
    await footer.getByText('10:00–14:00').waitFor();
    await visitor.context.close();

    // Back as it was, for the journeys after this one.
    await sunday.uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved. The shop uses the new settings now.').waitFor();
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});
