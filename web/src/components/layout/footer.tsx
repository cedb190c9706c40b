import { Link } from 'react-router';
import { BloomMark } from '@/components/ui/icons';
import { OpeningHours } from '@/components/ui/opening-hours';
import type { SiteFacts } from '@/config/studio';
import './footer.css';

const quickLinks = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/events', label: 'Events' },
  { to: '/about', label: 'About us' },
  { to: '/contact', label: 'Get in Touch' },
];

const services = [
  { to: '/weddings', label: 'Wedding flowers' },
  { to: '/funerals', label: 'Funeral tributes' },
  { to: '/workshops', label: 'Workshops' },
  { to: '/shop', label: 'Bouquets & gifts' },
];

/** The foot of every page: the studio's facts (the layout passes them in), links and hours. */
export function Footer({ site }: { site: SiteFacts }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__intro">
          <Link to="/" className="site-footer__brand">
            <BloomMark />
            <span>{site.name}</span>
          </Link>
          <p>
            Seasonal flowers, arranged by hand in South Bristol. {site.delivery}
          </p>
          <ul className="site-footer__social" aria-label="Follow us">
            {site.social.map((profile) => (
              <li key={profile.name}>
                <a href={profile.href} rel="noopener noreferrer" target="_blank">
                  {profile.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className="site-footer__column" aria-label="Quick links">
          <h2 className="eyebrow site-footer__heading">Quick links</h2>
          <ul>
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__column" aria-label="Services">
          <h2 className="eyebrow site-footer__heading">Services</h2>
          <ul>
            {services.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-footer__column">
          <h2 className="eyebrow site-footer__heading">Visit the studio</h2>
          <address>
            {site.address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            <a href={site.phoneHref}>{site.phone}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
        </div>

        <div className="site-footer__column">
          <h2 className="eyebrow site-footer__heading">Opening hours</h2>
          <OpeningHours hours={site.openingHours} />
        </div>
      </div>
      <div className="site-footer__base container">
        <p>© {new Date().getFullYear()} {site.name} {site.tagline}, Bristol. Flowers with care, never in a hurry.</p>
      </div>
    </footer>
  );
}
