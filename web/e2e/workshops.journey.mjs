// Workshops, in a real Chromium against the real server on the shop's fixed clock (Monday 14
// December 2026, before the wreath workshop's balance date): a shopper at 390 px books one seat
// on the wreath workshop and pays the £20 deposit, and the confirmation says £25 is due and by
// when, with the spots left one fewer; a full workshop reads Fully Booked and takes a name for
// its waiting list; the studio sees the attendee list and marks a balance paid. axe-clean at 390
// and 1280 px; screenshots kept with the results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeFindings, baseUrl, noSidewaysScroll, settle, shot, signIn, useBrowser } from './helpers.mjs';

const { openPage } = useBrowser();

async function workshops(page) {
  const response = await page.request.get(`${baseUrl}/api/workshops/`);
  assert.equal(response.status(), 200);
  return response.json();
}

async function look(page, name) {
  await settle(page);
  await page.screenshot({ path: shot(name), fullPage: true });
  assert.deepEqual(await axeFindings(page, { all: true }), [], `axe finds nothing on ${name}`);
  await noSidewaysScroll(page, name);
}

// In order: the studio's journey reads the booking the shopper's made.
describe('workshops', { concurrency: 1 }, () => {
  it('a shopper at 390 px books one seat on the wreath workshop and pays the £20 deposit', async () => {
    const { page, errors } = await openPage(390);
    const before = (await workshops(page)).find((w) => w.title === 'Christmas wreath making');
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

    await page.waitForURL(/\/workshops\/booked\/\d+\?token=.+/, { timeout: 15_000 });
    const done = page.getByRole('region', { name: /^See you at Christmas wreath making/ });
    await done.waitFor();
    const said = await done.textContent();
    assert.ok(said.includes('£20.00'), said);
    assert.match(said, /£25\.00 is due by \w+ 20 November \d{4}/);
    await look(page, 'workshop-booked-390');
    // Opened again, it reads the booking back and still says what is due and by when.
    await page.reload();
    await done.waitFor();
    assert.match(await done.textContent(), /£25\.00 is due by \w+ 20 November \d{4}/);
    await look(page, 'workshop-booked-reloaded-390');

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
});
