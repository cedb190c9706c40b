// The server draws each shopper page with this renderer (inside its JavaScript engine; here in
// Node with the real core), and the browser's React must take that markup over as it is: any
// difference is a hydration error, and the page would be drawn twice. Each page is drawn, then
// hydrated from the same answers, as a shopper's browser does.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { showArrivedSite } from '@/features/site/hooks/use-site';
import { setFirstLoad, type FirstLoad } from '@/lib/first-load';
import { album } from '@/testing/albums';
import { catalogue, demoDelivery, emptyCart, peonyPosy } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { siteAnswer } from '@/testing/site';
import { fullWorkshop, wreaths } from '@/testing/workshops';
import './render';

const renderPage = (globalThis as unknown as { renderPage: (url: string, answers: string) => string }).renderPage;

const answers: FirstLoad = {
  '/api/site/': siteAnswer,
  '/api/products/': catalogue,
  [`/api/products/${peonyPosy.id}/`]: peonyPosy,
  '/api/albums/': [album(1), album(2)],
  '/api/albums/1/': album(1),
  '/api/workshops/': [wreaths, fullWorkshop],
  [`/api/workshops/${wreaths.slug}/`]: wreaths,
  '/api/vouchers/terms/': { min: '10.00', max: '200.00', suggested: ['25.00', '50.00', '75.00'], validity_months: 24, message_chars: 300, send_hour: '08:00' },
  '/api/privacy/': {
    mail_kept: '90 days',
    card_kept: '13 months',
    enquiries_kept: '2 years',
    unsent_mail_kept: '90 days',
    orders_kept: '6 years',
    vouchers_kept: '6 years',
    unpaid_vouchers_kept: '30 days',
    workshop_notes_kept: '30 days after the workshop',
    workshop_notes_why: 'We ask so we can keep you safe on the day.',
    stripe: false,
    mail_relay: true,
    object_storage: false,
  },
};

/**
 * Draws `path` as the server does: a page whose code has not arrived yet is drawn as "loading"
 * (`<!--$!-->`, left to the browser), so, like the server's engine, draw again once it has.
 */
async function draw(path: string, served: FirstLoad): Promise<string> {
  for (let pass = 0; pass < 50; pass++) {
    const html = renderPage(path, JSON.stringify(served));
    if (!html.includes('<!--$!-->')) return html;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`${path} never finished drawing`);
}

/** Draws `path` as the server does, then hydrates it as the browser does; what React complained of. */
async function drawThenHydrate(path: string, served: FirstLoad, hydrated: FirstLoad = served) {
  const html = await draw(path, served);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root')!;
  const drawnHeading = root.querySelector('h1');
  window.history.replaceState(null, '', path);
  // As the browser's app starts: the answers inside the page, the studio's facts from them.
  setFirstLoad(hydrated);
  showArrivedSite();
  const complaints: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => complaints.push(parts.map(String).join(' ')));
  const app = await act(async () =>
    hydrateRoot(root, <App />, { onRecoverableError: (error) => complaints.push(`recoverable: ${String(error)}`) }),
  );
  // The page's own code arrives lazily; wait until React has hydrated it.
  for (let i = 0; i < 20 && !complaints.length; i++) {
    await act(async () => new Promise((done) => setTimeout(done, 10)));
  }
  consoleError.mockRestore();
  const kept = root.querySelector('h1') === drawnHeading;
  app.unmount();
  return { html, complaints, kept };
}

beforeEach(() => {
  // hydrateRoot is used directly (not through Testing Library, which says this for its own render).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Who is signed in, and the cart, are asked after hydration, as on every page load.
  mockApi.on('GET', '/api/auth/me/', () => json({ is_admin: false, username: null }));
  mockApi.on('GET', '/api/cart/', () => json(emptyCart()));
  // A product page asks for the delivery rules once it is hydrated (when it can arrive is per visit).
  mockApi.on('GET', '/api/delivery/', () => json({ settings: demoDelivery }));
  mockApi.on('GET', '/api/payment/config/', () => json({ provider: 'simulated', publishable_key: null }));
});

afterEach(() => {
  setFirstLoad({});
  document.body.innerHTML = '';
});

describe('the server’s drawing of each shopper page', () => {
  const pages = [
    ['/', 'Flowers picked for the season'],
    ['/shop', 'Shop'],
    [`/shop/${peonyPosy.id}`, peonyPosy.name],
    ['/weddings', 'Weddings'],
    ['/funerals', 'Funerals'],
    ['/gallery', 'Gallery'],
    ['/gallery/album/1', album(1).title],
    ['/contact', 'Get in Touch'],
    ['/about', ''],
    ['/events', ''],
    ['/workshops', 'Christmas wreath making'],
    [`/workshops/${wreaths.slug}`, 'If you cannot come'],
    ['/cart', ''],
    ['/privacy', 'A voucher whose payment was never made loses them after 30 days.'],
    ['/gift-vouchers', '£75.00'],
    ['/gift-vouchers/balance', 'Voucher code'],
  ] as const;

  for (const [path, heading] of pages) {
    it(`${path} is drawn with its heading and hydrated without a difference`, async () => {
      const { html, complaints, kept } = await drawThenHydrate(path, answers);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).toContain(heading);
      expect(html).toContain(siteAnswer.phone);
      expect(complaints).toEqual([]);
      expect(kept).toBe(true);
    });
  }

  it('lists a workshop booking’s note among what is kept, and for how long', async () => {
    const { html } = await drawThenHydrate('/privacy', answers);
    expect(html).toContain('30 days after the workshop');
    expect(html).toContain('A workshop booking’s note about allergies or access needs');
  });

  it('shows the shop’s products with their prices from the answers it is given', async () => {
    const { html } = await drawThenHydrate('/shop', answers);
    for (const product of catalogue) expect(html).toContain(product.name);
    expect(html).toMatch(/£\d+\.\d\d/);
  });

  it('notices a page drawn from other answers than the browser hydrates with', async () => {
    const otherName = { ...answers, '/api/site/': { ...siteAnswer, phone: '0117 000 0000', phone_international: '+441170000000' } };
    const { complaints } = await drawThenHydrate('/contact', answers, otherName);
    expect(complaints.length).toBeGreaterThan(0);
  });
});
