// The privacy notice in a real Chromium against the real server: /privacy at phone and desktop
// widths (screenshots kept) with the retention periods in words and no serious axe findings; one
// click reaches it from the footer, the checkout (beside Pay) and the contact form; and a
// shopper's whole visit (home, shop, cart, checkout, the checkout's fields typed) leaves no cookie
// or storage key in the browser that the notice's table does not list: nothing needs consent.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeFindings, baseUrl, cartIcon, checkoutWithOneBouquet, fillMe, noSidewaysScroll, pageReady, settle, shot, signIn, spareBouquet, useBrowser } from './helpers.mjs';

let bouquet;
const { openPage } = useBrowser(async (browser) => {
  bouquet = await spareBouquet(browser);
});

async function openNotice(page) {
  await page.goto(`${baseUrl}/privacy`);
  await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor({ timeout: 15_000 });
  await pageReady(page);
}

/** The cookie and storage names the notice's table lists. */
async function listedNames(page) {
  await openNotice(page);
  const table = page.getByRole('table', { name: 'Every cookie and browser storage key this shop uses' });
  return table.locator('tbody th code').allTextContents();
}

describe('the privacy notice', () => {
  for (const width of [390, 1280]) {
    it(`/privacy at ${width} px: the periods in words, the table, the ICO, no serious axe findings, screenshot`, async () => {
      const { page, context, errors } = await openPage(width);
      await openNotice(page);
      await settle(page, { loaded: true });
      assert.equal(await page.title(), 'Privacy · Posy floral studio');
      const main = page.getByRole('main');
      for (const words of ['6 years', '13 months', '90 days', '2 years', 'ico.org.uk/make-a-complaint', 'csrftoken', 'cartId']) {
        await main.getByText(words).first().waitFor();
      }
      // The shop takes test payments: Stripe sets nothing, so its cookies are not listed.
      assert.equal(await main.getByText('__stripe_mid').count(), 0);
      await noSidewaysScroll(page, '/privacy');
      await page.screenshot({ path: shot(`privacy-${width}`), fullPage: true });
      await main.getByRole('list').filter({ hasText: 'counted from the day you ordered' }).screenshot({ path: shot(`privacy-kept-${width}`) });
      await main.locator('.privacy-table').screenshot({ path: shot(`privacy-table-${width}`) });
      assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious on /privacy');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('is one click from the footer, the checkout beside Pay, and the contact form', async () => {
    const { page, context, errors } = await openPage(1280);
    await page.goto(`${baseUrl}/`);
    await pageReady(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy and cookies' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor();

    await page.goto(`${baseUrl}/contact`);
    await pageReady(page);
    const contact = page.locator('form.contact-form');
    await contact.getByRole('link', { name: 'how we look after your details' }).click();
    await page.waitForURL('**/privacy');

    await checkoutWithOneBouquet(page, bouquet.name);
    const pay = page.getByRole('button', { name: /^Pay / });
    const link = page.getByRole('link', { name: 'how we look after them' });
    // Beside Pay: just under it, in the same column.
    await link.scrollIntoViewIfNeeded();
    const [payBox, linkBox] = [await pay.boundingBox(), await link.boundingBox()];
    assert.ok(linkBox.y > payBox.y && linkBox.y - (payBox.y + payBox.height) < 120, 'the link sits just under Pay');
    await page.screenshot({ path: shot('privacy-checkout-link-1280') });
    await link.click();
    await page.waitForURL('**/privacy');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a shopper’s visit sets no cookie or storage key that the notice does not list', async () => {
    const { page, context, errors } = await openPage(390);
    await page.goto(`${baseUrl}/`);
    await pageReady(page);
    await checkoutWithOneBouquet(page, bouquet.name);
    await fillMe(page);
    await page.goto(`${baseUrl}/cart`);
    await cartIcon(page, 1).waitFor();
    await page.goto(`${baseUrl}/checkout`);
    await page.getByLabel('Card number').waitFor();

    const cookies = (await context.cookies()).map((cookie) => cookie.name);
    const storage = await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)]);
    assert.ok(storage.includes('cartId') && cookies.includes('csrftoken'), `the visit kept its cart and its CSRF token: ${cookies} ${storage}`);

    const listed = new Set(await listedNames(page));
    const unlisted = [...cookies, ...storage].filter((name) => !listed.has(name));
    assert.deepEqual(unlisted, [], `every cookie and storage key is in the notice's table (${[...listed].join(', ')})`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`the back office finds, exports and erases a customer’s data at ${width} px, with no serious axe findings`, async () => {
      const { page, context, errors } = await openPage(width);
      const email = `privacy-${width}@example.com`;
      await page.goto(`${baseUrl}/contact`);
      await pageReady(page);
      await page.getByRole('textbox', { name: 'Your name' }).fill('Ada Rose');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('combobox', { name: 'What is it about?' }).selectOption('wedding');
      await page.getByRole('textbox', { name: 'Your message' }).fill('Flowers for a June wedding, please.');
      await page.getByRole('link', { name: 'how we look after your details' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`privacy-contact-${width}`) });
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.locator('.contact-form__status--success').waitFor();

      await signIn(page, '/admin/settings/privacy');
      await page.getByLabel('Sent e-mails (days)').waitFor();
      assert.equal(await page.getByLabel('Orders (years)').inputValue(), '6');
      await page.getByLabel('Her e-mail address').fill(email.toUpperCase());
      await page.getByRole('button', { name: 'Find what we hold' }).click();
      const found = page.getByRole('region', { name: `Held for ${email.toUpperCase()}` });
      await found.getByText(/^wedding, received \d+ \w+ \d{4} at/).waitFor();
      const download = page.waitForEvent('download');
      await found.getByRole('button', { name: 'Export her data (JSON)' }).click();
      const file = await download;
      const exported = JSON.parse(await (await file.createReadStream()).toArray().then((parts) => Buffer.concat(parts).toString()));
      assert.equal(exported.enquiries[0].message, 'Flowers for a June wedding, please.');
      await found.getByRole('button', { name: 'Erase her data…' }).click();
      await page.screenshot({ path: shot(`privacy-admin-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious on Customers’ data');
      await page.getByRole('button', { name: `Yes, erase ${email.toUpperCase()}` }).click();
      await page.getByText(/Erased: 0 order\(s\) anonymised, 1 enquiry\(ies\)/).waitFor();
      await found.getByText('Nothing is held for this address.').waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
