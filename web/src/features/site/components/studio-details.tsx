import { OpeningHours } from '@/components/ui/opening-hours';
import type { SiteFacts } from '../site-facts';
import './studio-details.css';

export interface StudioDetailsProps {
  site: SiteFacts;
  /** The heading level of the card's title (h2 by default). */
  headingLevel?: 2 | 3;
}

/** The studio's address, phone, email and opening hours, as a card beside a form or a story. */
export function StudioDetails({ site, headingLevel = 2 }: StudioDetailsProps) {
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section className="card studio-details" aria-labelledby="studio-details-title">
      <Heading id="studio-details-title" className="studio-details__title">
        Visit or call the studio
      </Heading>
      <address className="studio-details__address">
        {site.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <dl className="studio-details__contact">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={site.phoneHref}>{site.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </dd>
        </div>
      </dl>
      <Sub className="eyebrow studio-details__subtitle">Opening hours</Sub>
      <OpeningHours hours={site.openingHours} className="studio-details__hours" />
      <p className="studio-details__note">{site.delivery}</p>
    </section>
  );
}
