import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mockSite } from '@/testing/site';
import { catalogue } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import HomePage from './home';

/** The home page, with the shop's catalogue as GET /api/products/ answers it. */
function showHome(products = catalogue) {
  mockApi.on('GET', '/api/products/', () => json(products));
  render(<MemoryRouter><HomePage /></MemoryRouter>);
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('the home page', () => {
  // The studio's facts come from GET /api/site/ only; this week's bouquets from the catalogue.
  beforeEach(() => mockSite());

  it('shows this week’s bouquets from the catalogue, each a link to its page', async () => {
    showHome();
    const list = await screen.findByRole('list', { name: 'From the shop' });
    const links = within(list).getAllByRole('link');
    const pictured = catalogue.filter((product) => product.image).slice(0, 3);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      pictured.map((product) => [product.name, `/shop/${product.id}`]),
    );
    for (const picture of within(list).getAllByRole('presentation')) expect(picture.getAttribute('src')).toMatch(/^\/media\//);
  });

  it('has its title, its description and a hero with one action to the shop', async () => {
    showHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Flowers picked for the season, tied by hand');
    await waitFor(() => expect(document.title).toBe('Posy · floral studio in South Bristol'));
    expect(description()).toMatch(/South Bristol/);
    const hero = screen.getByRole('region', { name: /Flowers picked for the season/ });
    expect(within(hero).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Shop bouquets', '/shop'],
    ]);
    const picture = within(hero).getByRole('img', { name: /arrangement/ });
    expect(picture).toHaveAttribute('src', '/media/pages/hero.jpg');
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).not.toHaveAttribute('loading', 'lazy');
    expect(await within(hero).findByText('Delivered across Bristol, or collect from the studio in BS14.')).toBeInTheDocument();
  });

  it('links to the shop, workshops, gallery and contact, and keeps the opening hours', async () => {
    showHome();
    expect(await screen.findByRole('link', { name: 'or call 0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Browse the shop')).toBe('/shop');
    expect(href('See workshops')).toBe('/workshops');
    expect(href('See the full gallery')).toBe('/gallery');
    expect(href('Get in touch')).toBe('/contact');
    const hours = screen.getByRole('region', { name: 'Come and see us' });
    const rows = within(hours)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Monday to Friday 07:30–18:00', 'Saturday 08:00–16:00', 'Sunday Closed']);
  });

  it('shows no bouquets, and so no broken pictures, when the shop has none', async () => {
    showHome([]);
    const band = screen.getByRole('region', { name: 'This week’s bouquets' });
    await waitFor(() => expect(mockApi.requests.some((r) => new URL(r.url).pathname === '/api/products/')).toBe(true));
    expect(within(band).queryByRole('list')).toBeNull();
    expect(within(band).getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });

  it('has a six-picture gallery that opens the lightbox', async () => {
    const user = userEvent.setup();
    showHome();
    const gallery = screen.getByRole('list', { name: 'Lately in the studio' });
    const buttons = within(gallery).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    for (const button of buttons) expect(button.querySelector('img')?.alt.length).toBeGreaterThan(20);
    await user.click(buttons[4]!);
    expect(await screen.findByRole('dialog', { name: 'Lately in the studio: larger pictures' })).toBeInTheDocument();
    expect(document.querySelector('.yarl__slide_current')).toHaveAccessibleName('Picture 5 of 6');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
