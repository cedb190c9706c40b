import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { studio } from '@/config/studio';
import './coming-soon.css';

/** What a page that is still being arranged shows under its title. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <div className="coming-soon">
      <p>
        {children ??
          'We are still arranging this page. In the meantime, have a look at what is in the shop this week, or give us a ring.'}
      </p>
      <div className="coming-soon__actions">
        <Link to="/shop" className="button">
          Browse the shop
        </Link>
        <Link to="/contact" className="button button--quiet">
          Get in touch
        </Link>
      </div>
      <p className="coming-soon__phone">
        Or call the studio on <a href={studio.phoneHref}>{studio.phone}</a>.
      </p>
    </div>
  );
}
