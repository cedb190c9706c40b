// A gift voucher on a workshop booking, in a real Chromium against the real server on the shop's
// fixed clock: the studio sells a £50 voucher; a shopper at 390 px books one seat on the wreath
// workshop, applies the voucher in the booking form's "Gift voucher or offer code" field, sees the
// £20 deposit paid by it with £30 left and no card asked for, and books; the booking says what is
// due later, and the voucher has £30.00 left. A Tuesday-only offer code is refused on a workshop
// with its sentence. axe-clean at 390 and 1280 px; screenshots kept with the results.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseUrl, look, signIn, useBrowser, wreathBooked } from './helpers.mjs';

const { openPage } = useBrowser();

/** A POST from the signed-in studio's page, with its CSRF header: the answer's body. */
async function studioPost(page, path, data) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(`${baseUrl}${path}`, { data, headers: { 'x-csrftoken': csrf } });
  assert.equal(response.status(), 200, await response.text());
  return response.json();
}

/** Opens the wreath workshop's booking form and fills in who is coming. */
async function bookingForm(page) {
  await page.goto(`${baseUrl}/workshops/christmas-wreath-making`);
  await page.getByRole('link', { name: 'Book a place on Christmas wreath making' }).click();
  await page.getByRole('heading', { name: 'Book a place' }).waitFor();
  await page.getByLabel('Card number').waitFor();
  await page.getByLabel('Your name').fill('Cat Voucher');
  await page.getByLabel('Email').fill('cat@example.com');
  const phone = page.getByLabel('Phone');
  if (await phone.count()) await phone.fill('07700 900456');
}

describe('a voucher on a workshop booking', { concurrency: 1 }, () => {
  let code;

  it('the studio sells a £50 voucher and makes a Tuesday-only code', async () => {
    const { page } = await openPage(1280);
    await signIn(page, '/admin/orders');
    const sold = await studioPost(page, '/api/admin/vouchers/', {
      value: '50',
      buyer_name: 'Jo Bloom',
      buyer_email: 'jo@example.com',
      recipient_name: 'Cat Voucher',
      recipient_email: 'cat@example.com',
      message: 'Happy Christmas',
      payment_note: 'Card on the phone',
    });
    code = sold.code;
    assert.match(code, /^[A-Z0-9]{4}(-[A-Z0-9]{4}){2,3}$/);
    // Not vouchers.journey's TUESDAY10: a file may run on a shop another file used before it.
    await studioPost(page, '/api/admin/offers/', { code: 'TUESDAYS10', kind: 'percent_off', percent: 10, weekdays: ['tuesday'] });
  });

  it('a shopper at 390 px pays the deposit with the voucher, with no card', async () => {
    assert.ok(code, 'the voucher of the journey before');
    const { page, errors } = await openPage(390);
    await bookingForm(page);
    const box = page.getByLabel('Gift voucher or offer code');

    // An offer for Tuesday deliveries does not fit a workshop: refused with its sentence.
    await box.fill('tuesdays10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText("This code is for flowers, so it can't be used on a workshop.").first().waitFor();
    assert.equal(await box.inputValue(), 'tuesdays10', 'the code stays as typed');
    await look(page, 'workshop-code-refused-390');

    await box.fill(code.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByRole('list', { name: 'Codes on your order' });
    await applied.waitFor();
    assert.ok((await applied.textContent()).includes('£30.00 left on it'), await applied.textContent());
    const due = page.getByRole('definition').filter({ hasText: '£0.00' });
    await due.first().waitFor();
    await page.getByText('Your gift voucher pays for this booking, so no card is needed.').waitFor();
    assert.equal(await page.getByLabel('Card number').count(), 0, 'no card form');
    await look(page, 'workshop-voucher-applied-390');

    await page.getByRole('button', { name: 'Book with your voucher' }).click();
    await wreathBooked(page);
    await look(page, 'workshop-voucher-booked-390');

    const balance = await page.request.post(`${baseUrl}/api/vouchers/balance/`, {
      data: { code },
      headers: { 'x-csrftoken': (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '' },
    });
    assert.equal(balance.status(), 200, await balance.text());
    assert.equal((await balance.json()).balance, '30.00', 'the voucher paid £20.00 once');
    assert.deepEqual(errors, []);
  });

  it('at 1280 px the same voucher, now with £30.00 on it, shows £10.00 left after the deposit', async () => {
    const { page, errors } = await openPage(1280);
    await bookingForm(page);
    await page.getByLabel('Gift voucher or offer code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByRole('list', { name: 'Codes on your order' });
    await applied.waitFor();
    assert.ok((await applied.textContent()).includes('£10.00 left on it'), await applied.textContent());
    await page.getByRole('button', { name: 'Book with your voucher' }).waitFor();
    await look(page, 'workshop-voucher-applied-1280');
    assert.deepEqual(errors, []);
  });
});
