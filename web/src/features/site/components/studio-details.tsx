import { OpeningHours } from '@/components/ui/opening-hours';
import { AddressLines, EmailLink, Fact, PhoneLink, type SiteFacts } from '@/components/ui/studio-facts';
import './studio-details.css';

export interface StudioDetailsProps {
  /** The studio's facts; null until they arrive (the card keeps their room). */
  site: SiteFacts | null;
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
        <AddressLines site={site} />
      </address>
      <dl className="studio-details__contact">
        <div>
          <dt>Phone</dt>
          <dd>
            <PhoneLink site={site} />
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <EmailLink site={site} />
          </dd>
        </div>
      </dl>
      <Sub className="eyebrow studio-details__subtitle">Opening hours</Sub>
      <OpeningHours hours={site?.openingHours ?? null} className="studio-details__hours" />
      <p className="studio-details__note">
        <Fact site={site} show={(s) => s.delivery} chars={48} />
      </p>
    </section>
  );
}
