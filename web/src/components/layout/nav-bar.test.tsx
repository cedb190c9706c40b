import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteFacts as studio } from '@/testing/site';
import { NavBar } from './nav-bar';

function renderNav(props: Partial<Parameters<typeof NavBar>[0]> = {}) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <NavBar site={studio} cartCount={0} isAdmin={false} {...props} />
    </MemoryRouter>,
  );
}

describe('the navigation bar', () => {
  // The layout passes the studio's facts in; here they are the demo studio's.
  it('links the brand and its tagline to the home page', () => {
    renderNav();
    const brand = screen.getByRole('link', { name: /Posy\s*floral studio/ });
    expect(brand).toHaveAttribute('href', '/');
  });

  it('has the spec’s links in order', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Weddings', '/weddings'],
      ['Funerals', '/funerals'],
      ['Workshops', '/workshops'],
      ['Gallery', '/gallery'],
      ['Shop', '/shop'],
      ['Get in Touch', '/contact'],
    ]);
  });

  it('shows the cart count on the cart link', () => {
    renderNav({ cartCount: 3 });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('3');
  });

  it('shows Manage Gallery only to the admin', () => {
    const { unmount } = renderNav();
    expect(screen.queryByRole('link', { name: 'Manage Gallery', hidden: true })).not.toBeInTheDocument();
    unmount();
    renderNav({ isAdmin: true });
    expect(screen.getByRole('link', { name: 'Manage Gallery', hidden: true })).toHaveAttribute('href', '/admin/gallery');
  });

  it('opens and closes the menu with the toggle, and closes it when a link is chosen', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('data-open', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toHaveAttribute('data-open', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(within(menu!).getByRole('link', { name: 'Workshops' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('data-open', 'false');
  });

  it('closes the menu on Escape', async () => {
    const user = userEvent.setup();
    renderNav();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
