import { Link } from 'react-router';
import { BloomMark } from '@/components/ui/icons';
import { OpeningHours } from '@/components/ui/opening-hours';
import { AddressLines, EmailLink, Fact, PhoneLink, type SiteFacts } from '@/components/ui/studio-facts';
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
  { to: '/gift-vouchers', label: 'Gift vouchers' },
];

/**
 * The foot of every page: the studio's facts (the layout passes them in; null until they
 * arrive, when their room is kept), links and hours.
 */
export function Footer({ site }: { site: SiteFacts | null }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__intro">
          <Link to="/" className="site-footer__brand">
            <BloomMark />
            <Fact site={site} show={(s) => s.name} chars={4} />
          </Link>
          <p>
            Seasonal flowers, arranged by hand in South Bristol. <Fact site={site} show={(s) => s.delivery} chars={48} />
          </p>
          <ul className="site-footer__social" aria-label="Follow us">
            {site?.social.map((profile) => (
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
            <AddressLines site={site} />
            <PhoneLink site={site} />
            <br />
            <EmailLink site={site} />
          </address>
        </div>

        <div className="site-footer__column">
          <h2 className="eyebrow site-footer__heading">Opening hours</h2>
          <OpeningHours hours={site?.openingHours ?? null} />
        </div>
      </div>
      <div className="site-footer__base container">
        <p>
          © {new Date().getFullYear()} <Fact site={site} show={(s) => `${s.name} ${s.tagline}, ${s.town}`} chars={24} />. Flowers with care, never in a
          hurry. <Link to="/privacy" className="site-footer__privacy">Privacy and cookies</Link>
        </p>
      </div>
    </footer>
  );
}
