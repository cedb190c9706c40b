import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BasketIcon, BloomMark, MenuIcon } from '@/components/ui/icons';
import { Fact, type SiteFacts } from '@/components/ui/studio-facts';
import { counted } from '@/lib/words';
import './nav-bar.css';

const links = [
  { to: '/weddings', label: 'Weddings' },
  { to: '/funerals', label: 'Funerals' },
  { to: '/workshops', label: 'Workshops' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/shop', label: 'Shop' },
  { to: '/contact', label: 'Get in Touch' },
] as const;

export interface NavBarProps {
  /** The studio's name and tagline for the brand; null until they arrive. */
  site: Pick<SiteFacts, 'name' | 'tagline'> | null;
  /** Total quantity of items in the cart. */
  cartCount: number;
  /** Shows 'Manage Gallery' when true. */
  isAdmin: boolean;
}

export function NavBar({ site, cartCount, isAdmin }: NavBarProps) {
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened; a new page closes it, however reached.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const cartLabel = `Cart, ${counted(cartCount, 'item')}`;

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" onClick={close} aria-label={site ? undefined : 'Home'}>
          <BloomMark className="brand__mark" />
          <span className="brand__text">
            <span className="brand__name">
              <Fact site={site as SiteFacts | null} show={(s) => s.name} chars={4} />
            </span>
            <span className="brand__tagline">
              <Fact site={site as SiteFacts | null} show={(s) => s.tagline} chars={12} />
            </span>
          </span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul id={menuId} className="site-nav__list" data-open={open}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link" onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isAdmin && (
              <li className="site-nav__item--admin">
                <NavLink to="/admin/gallery" className="site-nav__link site-nav__link--admin" onClick={close}>
                  Manage Gallery
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        <div className="site-header__actions">
          <NavLink to="/cart" className="cart-link" aria-label={cartLabel} onClick={close}>
            <BasketIcon />
            <span className="cart-link__count" data-empty={cartCount === 0} aria-hidden="true">
              {cartCount}
            </span>
          </NavLink>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <MenuIcon open={open} />
            <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
