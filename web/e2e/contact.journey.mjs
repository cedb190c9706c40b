// A visitor reads the studio's pages and gets in touch, in a real Chromium against the real
// server: an enquiry is sent and thanked with the spec's words; a failed send says sorry and
// keeps what was typed; /workshops shows the workshop and its Book link opens its booking form.
// /contact, /workshops, /about, /events and a missing page are checked with axe-core (serious
// and critical problems fail) and kept as screenshots at phone and desktop widths.
//
//   POSY_URL=http://127.0.0.1:8080 POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeFindings, baseUrl, noSidewaysScroll, settle, shot, useBrowser } from './helpers.mjs';

const SENT = 'Thank you for your message. We will get back to you soon!';
const FAILED = 'Sorry, something went wrong. Please try again later.';

let workshop;
const { openPage } = useBrowser(async (browser) => {
  const context = await browser.newContext();
  const response = await context.request.get(`${baseUrl}/api/workshops/`);
  assert.equal(response.status(), 200, 'GET /api/workshops/ answers 200');
  [workshop] = await response.json();
  assert.ok(workshop, 'the demo has a workshop');
  await context.close();
});

const field = (page) => ({
  name: page.getByRole('textbox', { name: 'Your name' }),
  email: page.getByRole('textbox', { name: 'Email' }),
  phone: page.getByRole('textbox', { name: 'Phone (optional)' }),
  type: page.getByRole('combobox', { name: 'What is it about?' }),
  message: page.getByRole('textbox', { name: 'Your message' }),
});

async function fillIn(page, { name, message }) {
  const f = field(page);
  await f.name.fill(name);
  await f.email.fill('ada.rose@example.com');
  await f.phone.fill('0117 496 0999');
  await f.type.selectOption('wedding');
  await f.message.fill(message);
}

describe('a visitor gets in touch', () => {
  it('sends an enquiry and reads the exact thanks; the form is emptied', async () => {
    const { page, context, errors } = await openPage(1280);
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('heading', { level: 1, name: 'Get in Touch' }).waitFor();
    // The studio's details beside the form, from GET /api/site/.
    const aside = page.getByRole('complementary', { name: 'The studio' });
    await aside.getByText('Bristol BS14 8SJ').waitFor();
    assert.ok(await aside.getByRole('link', { name: '0117 496 0123' }).isVisible());

    await fillIn(page, { name: 'Ada Rose', message: 'Flowers for a June wedding in Bedminster, about 60 guests.' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText(SENT, { exact: true }).waitFor();
    assert.equal(await field(page).name.inputValue(), '', 'the form is reset');
    assert.equal(await field(page).message.inputValue(), '');
    assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious with the message shown');

    await page.getByRole('button', { name: 'Close message' }).click();
    await page.getByText(SENT, { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('is told, in the spec’s words, when sending fails, and keeps what was typed', async () => {
    const { page, context, errors } = await openPage(390);
    await page.route('**/api/contact/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'The studio’s server fell over.' }) })
        : route.continue(),
    );
    await page.goto(`${baseUrl}/contact`);
    await fillIn(page, { name: 'Bea Thorn', message: 'A sympathy wreath for Friday, please.' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText(FAILED, { exact: true }).waitFor();
    const f = field(page);
    assert.equal(await f.name.inputValue(), 'Bea Thorn');
    assert.equal(await f.email.inputValue(), 'ada.rose@example.com');
    assert.equal(await f.type.inputValue(), 'wedding');
    assert.equal(await f.message.inputValue(), 'A sympathy wreath for Friday, please.');
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: shot('contact-error-390') });
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });

  it('is told what is missing without anything being sent', async () => {
    const { page, context } = await openPage(1280);
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact/')) posted = true;
    });
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please tell us your name.').waitFor();
    assert.equal(await field(page).name.getAttribute('aria-invalid'), 'true');
    assert.ok(await field(page).name.evaluate((input) => input === document.activeElement), 'the first field at fault has focus');
    assert.equal(posted, false, 'nothing was sent');
    assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious with the fields marked');
    await context.close();
  });

  it('finds the workshop on /workshops, its Book leading to the booking form', async () => {
    const { page, context, errors } = await openPage(1280);
    await page.goto(`${baseUrl}/workshops`);
    const card = page.getByRole('article', { name: workshop.title });
    await card.waitFor({ timeout: 15_000 });
    const text = await card.textContent();
    for (const expected of ['£45.00', '£20.00', '£25.00', 'November 20th', workshop.time, workshop.spots_text]) {
      assert.ok(text.includes(expected), `the card shows ${expected}: ${text}`);
    }
    const gallery = page.getByRole('list', { name: 'Pictures from past workshops' });
    assert.equal(await gallery.getByRole('button').count(), 6, 'six pictures from past workshops');
    if (workshop.spots_text === '0 spots left') {
      assert.ok(await card.getByRole('button', { name: 'Fully Booked' }).isDisabled());
    } else {
      await card.getByRole('link', { name: `Book a place on ${workshop.title}` }).click();
      await page.waitForURL(`**/workshops/${workshop.slug}/book`);
      await page.getByRole('heading', { name: 'Book a place' }).waitFor();
    }
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});

describe('the studio’s pages', () => {
  const pages = [
    { path: '/contact', name: 'contact', heading: 'Get in Touch' },
    { path: '/workshops', name: 'workshops', heading: 'Workshops' },
    { path: '/about', name: 'about', heading: 'About' },
    { path: '/events', name: 'events', heading: 'Events' },
    { path: '/no-such-page', name: 'not-found', heading: 'This stem has wandered off' },
  ];

  for (const width of [390, 1280]) {
    it(`read well at ${width} px, with a title, a description and nothing serious for axe`, async () => {
      const { page, context, errors } = await openPage(width);
      for (const { path, name, heading } of pages) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
        if (path === '/workshops') await page.getByRole('article').first().waitFor();
        await settle(page);
        assert.match(await page.title(), /Posy/, `${path} has a title`);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        assert.ok(description && description.length > 40, `${path} has a meta description`);
        await noSidewaysScroll(page, path);
        await page.screenshot({ path: shot(`${name}-${width}`), fullPage: true });
        assert.deepEqual(await axeFindings(page), [], `axe finds nothing serious on ${path} at ${width} px`);
      }
      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    });
  }
});
