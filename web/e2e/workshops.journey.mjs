// Workshops, in a real Chromium against the real server on the shop's fixed clock (Monday 14
// December 2026, before the wreath workshop's balance date): a shopper at 390 px books one seat
// on the wreath workshop and pays the £20 deposit, and the confirmation says £25 is due and by
// when, with the spots left one fewer; a full workshop reads Fully Booked and takes a name for
// its waiting list; the studio sees the attendee list and marks a balance paid, the reloaded
// confirmation then says paid in full; the studio gives the wreath workshop a picture (drawn here,
// nothing downloaded), seen in its sizes on /workshops and its page, then removes it. axe-clean
// at 390 and 1280 px; screenshots kept with the results.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { baseUrl, drawFlower, look, signIn, useBrowser, wreathBooked } from './helpers.mjs';

let picture;
const { openPage } = useBrowser(async (browser) => {
  picture = await drawWreath(browser);
});

/** A landscape 1600×1200 PNG of a wreath in evergreens and berries, as a phone would send it. */
function drawWreath(browser) {
  const path = join(mkdtempSync(join(tmpdir(), 'posy-workshop-')), 'our-wreath.png');
  return drawFlower(browser, path, {
    width: 1600,
    height: 1200,
    background: '#f3eee6',
    centre: [800, 600],
    petals: 18,
    colours: ['#2f5a3c', '#5f7f6a', '#3d6b4a'],
    petal: [90, 230],
    heart: { colour: '#f3eee6', radius: 200 },
  });
}

async function workshops(page) {
  const response = await page.request.get(`${baseUrl}/api/workshops/`);
  assert.equal(response.status(), 200);
  return response.json();
}

/** The shopper's confirmation (its link), for the studio's journey to open again once paid. */
let bookedAt;

// In order: the studio's journey reads the booking the shopper's made.
describe('workshops', { concurrency: 1 }, () => {
  it('a shopper at 390 px books one seat on the wreath workshop and pays the £20 deposit', async () => {
    const { page, errors } = await openPage(390);
    const before = (await workshops(page)).find((w) => w.title === 'Christmas wreath making');
    // The demo's art, offered in its sizes (WebP first) so a phone fetches the small one.
    assert.match(before.image_srcset ?? '', / 480w, .* 960w/);
    assert.match(before.image_webp_srcset ?? '', /\.webp 480w/);
    assert.ok(before, 'the demo has the wreath workshop');
    assert.equal(before.price, '45.00');
    assert.equal(before.deposit, '20.00');

    await page.goto(`${baseUrl}/workshops`);
    const card = page.getByRole('article', { name: 'Christmas wreath making' });
    await card.waitFor();
    const text = await card.textContent();
    assert.ok(text.includes('£45.00'), text);
    assert.ok(text.includes('£20.00'), text);
    assert.ok(text.includes('£25.00 due by November 20th'), text);
    assert.ok(text.includes(before.spots_text), text);
    const shown = card.locator('picture source[type="image/webp"]');
    assert.equal(await shown.getAttribute('srcset'), before.image_webp_srcset);
    await look(page, 'workshops-390');

    await card.getByRole('link', { name: 'Christmas wreath making', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Christmas wreath making' }).waitFor();
    await page.getByRole('heading', { name: 'If you cannot come' }).waitFor();
    await look(page, 'workshop-page-390');

    await page.getByRole('link', { name: 'Book a place on Christmas wreath making' }).click();
    await page.getByRole('heading', { name: 'Book a place' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    await look(page, 'workshop-booking-390');

    await page.getByLabel('Your name').fill('Ann Example');
    await page.getByLabel('Email').fill('ann@example.com');
    if (before.asks_phone) await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay £20.00 and book' }).click();

    const done = await wreathBooked(page);
    await look(page, 'workshop-booked-390');
    // Opened again, it reads the booking back and still says what is due and by when.
    await page.reload();
    await done.waitFor();
    assert.match(await done.textContent(), /£25\.00 is due by \w+ 20 November \d{4}/);
    await look(page, 'workshop-booked-reloaded-390');
    bookedAt = page.url();

    const after = (await workshops(page)).find((w) => w.id === before.id);
    assert.equal(after.spots_left, before.spots_left - 1, 'the spots left go down by one');
    assert.deepEqual(errors, []);
  });

  it('a full workshop reads Fully Booked and takes a name for its waiting list', async () => {
    const { page, errors } = await openPage(1280);
    const full = (await workshops(page)).find((w) => w.spots_text === '0 spots left');
    assert.ok(full, 'the demo has a full workshop');
    await page.goto(`${baseUrl}/workshops`);
    const card = page.getByRole('article', { name: full.title });
    const button = card.getByRole('button', { name: 'Fully Booked' });
    await button.waitFor();
    assert.ok(await button.isDisabled());
    await look(page, 'workshops-1280');

    await page.goto(`${baseUrl}/workshops/${full.slug}`);
    await page.getByRole('heading', { level: 1, name: full.title }).waitFor();
    assert.ok(await page.getByRole('button', { name: 'Fully Booked' }).isDisabled());
    await look(page, 'workshop-full-1280');

    await page.getByRole('link', { name: `Join the waiting list for ${full.title}` }).click();
    await page.getByLabel('Your name').fill('Bea Waiting');
    await page.getByLabel('Email').fill('bea@example.com');
    await look(page, 'workshop-waiting-list-1280');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByRole('status').filter({ hasText: 'email you' }).waitFor();
    await look(page, 'workshop-waiting-listed-1280');
    assert.deepEqual(errors, []);
  });

  it('the studio sees the attendee list and marks a balance paid', async () => {
    for (const width of [1280, 390]) {
      const { page, errors } = await openPage(width);
      const full = (await workshops(page)).find((w) => w.spots_text === '0 spots left');
      await signIn(page, '/admin/workshops');
      const list = page.getByRole('list', { name: 'Workshops' });
      await list.waitFor();
      await page.getByRole('link', { name: 'Edit Christmas wreath making' }).waitFor();
      await look(page, `admin-workshops-${width}`);
      await page.getByRole('link', { name: 'Attendees of Christmas wreath making' }).click();
      const table = page.getByRole('table', { name: 'Attendees of Christmas wreath making' });
      await table.waitFor();
      await look(page, `admin-attendees-${width}`);
      if (width === 1280) {
        const row = table.getByRole('row').filter({ hasText: 'Ann Example' });
        await row.getByRole('button', { name: 'Mark balance paid for Ann Example' }).click();
        await page.getByRole('status').filter({ hasText: 'balance is marked paid' }).waitFor();
        await row.getByText('Paid in the studio', { exact: true }).waitFor();
        // The shopper's confirmation, opened again, now says paid in full and asks for nothing.
        const shopper = await openPage(390);
        await shopper.page.goto(bookedAt);
        const done = shopper.page.getByRole('region', { name: /^See you at Christmas wreath making/ });
        await done.waitFor();
        const said = await done.textContent();
        assert.ok(said.includes('You have paid £45.00 in full'), said);
        assert.ok(!said.includes('is due by'), said);
        await look(shopper.page, 'workshop-booked-paid-390');
        assert.deepEqual(shopper.errors, []);
      }
      // The day's work lists each workshop on its day, the full one's too, though no order is for it.
      await page.goto(`${baseUrl}/admin/orders`);
      await page.getByRole('list', { name: 'Workshops on this day' }).filter({ hasText: full.title }).waitFor();
      await look(page, `admin-orders-workshop-days-${width}`);
      // The booking's order counts the balance paid in the studio in what it took.
      await page.getByRole('link').filter({ hasText: 'Ann Example' }).first().click();
      await page.getByText('£45.00').first().waitFor();
      await look(page, `admin-order-booking-${width}`);
      assert.deepEqual(errors, []);
    }
  });

  it('the studio gives the wreath workshop a picture, seen in its sizes on /workshops and its page, then removes it', async () => {
    const { page, errors } = await openPage(1280);
    await signIn(page, '/admin/workshops');
    await page.getByRole('link', { name: 'Edit Christmas wreath making' }).click();
    const field = page.getByLabel('Picture');
    await field.waitFor();
    await field.setInputFiles(picture);
    await page.locator('.workshop-editor__preview').waitFor();
    await look(page, 'admin-workshop-picture-1280');
    await page.getByRole('button', { name: 'Save the workshop' }).click();
    await page.getByRole('status').filter({ hasText: 'Christmas wreath making is saved' }).waitFor();
    const wreath = (await workshops(page)).find((w) => w.title === 'Christmas wreath making');
    assert.match(wreath.image, /\/media\/workshops\/[0-9a-f]{32}-1600\.jpg$/);
    assert.match(wreath.image_srcset, /-480\.jpg 480w, .*-960\.jpg 960w, .*-1600\.jpg 1600w/);

    for (const width of [390, 1280]) {
      const shopper = await openPage(width);
      await shopper.page.goto(`${baseUrl}/workshops`);
      const card = shopper.page.getByRole('article', { name: 'Christmas wreath making' });
      await card.waitFor();
      // Drawn by the server in its sizes, with its room kept before it loads.
      const img = card.locator('img');
      assert.equal(await img.getAttribute('srcset'), wreath.image_srcset);
      assert.equal(await card.locator('picture source[type="image/webp"]').getAttribute('srcset'), wreath.image_webp_srcset);
      assert.equal(await img.getAttribute('width'), '1000');
      assert.equal(await img.getAttribute('alt'), '');
      await shopper.page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
      await look(shopper.page, `workshops-own-picture-${width}`);
      await shopper.page.goto(`${baseUrl}/workshops/${wreath.slug}`);
      await shopper.page.getByRole('heading', { level: 1, name: 'Christmas wreath making' }).waitFor();
      const onPage = shopper.page.locator('.workshop-page__picture img');
      assert.equal(await onPage.getAttribute('srcset'), wreath.image_srcset);
      await look(shopper.page, `workshop-page-own-picture-${width}`);
      assert.deepEqual(shopper.errors, []);
    }

    // Removed on a phone: the pages show the studio's table of flowers again.
    const phone = await openPage(390);
    await signIn(phone.page, '/admin/workshops');
    await phone.page.getByRole('link', { name: 'Edit Christmas wreath making' }).click();
    await phone.page.getByRole('button', { name: 'Remove the picture' }).click();
    await phone.page.getByRole('status').filter({ hasText: 'The picture is removed' }).waitFor();
    await look(phone.page, 'admin-workshop-picture-removed-390');
    const after = (await workshops(page)).find((w) => w.id === wreath.id);
    assert.equal(after.image, null);
    assert.deepEqual(phone.errors, []);
    assert.deepEqual(errors, []);
  });
});
