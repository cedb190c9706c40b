// The studio's facts as the pages use them, and the small pieces that show them. The facts
// come from the server (GET /api/site/, which the back office edits); until they arrive these
// pieces keep the space a value will take rather than show a wrong one.
import './studio-facts.css';

/** The studio's facts as the pages use them. */
export interface SiteFacts {
  name: string;
  tagline: string;
  /** One line each, the postcode last. */
  address: readonly string[];
  /** As people write it: 0117 496 0123. */
  phone: string;
  /** For the link: tel:+441174960123. */
  phoneHref: string;
  email: string;
  openingHours: readonly OpeningHoursRow[];
  social: readonly { name: string; href: string }[];
  /** One sentence: where we deliver and where to collect. */
  delivery: string;
  /** Where the studio delivers: Bristol. */
  town: string;
  /** The postcode district orders are collected from: BS14. */
  district: string;
}

/** One line of the opening hours: "Monday to Friday", "07:30–18:00" (or "Closed"). */
export interface OpeningHoursRow {
  days: string;
  hours: string;
}

/**
 * Room for a fact not here yet, about `chars` characters wide, hidden from screen readers: en
 * spaces on a shaded ground, which wrap as words do, so it never widens a column on a phone.
 */
export function Pending({ chars = 12 }: { chars?: number }) {
  return (
    <span className="fact-pending" aria-hidden="true">
      {'\u2002'.repeat(chars)}
    </span>
  );
}

/** The studio's phone as a link, or its space until the facts arrive. */
export function PhoneLink({ site, className }: { site: SiteFacts | null; className?: string }) {
  if (!site) return <Pending chars={13} />;
  return (
    <a href={site.phoneHref} className={className}>
      {site.phone}
    </a>
  );
}

/** The studio's e-mail as a link, or its space until the facts arrive. */
export function EmailLink({ site }: { site: SiteFacts | null }) {
  if (!site) return <Pending chars={24} />;
  return <a href={`mailto:${site.email}`}>{site.email}</a>;
}

/** A fact as text, or its space until the facts arrive: `<Fact site={site} show={(s) => s.delivery} />`. */
export function Fact({ site, show, chars }: { site: SiteFacts | null; show: (site: SiteFacts) => string; chars?: number }) {
  return site ? <>{show(site)}</> : <Pending chars={chars} />;
}

/** The studio's address one line each (each followed by a break), or four lines' room. */
export function AddressLines({ site }: { site: SiteFacts | null }) {
  if (!site) return <span className="fact-pending fact-pending--lines" aria-hidden="true" />;
  return site.address.map((line) => (
    <span key={line}>
      {line}
      <br />
    </span>
  ));
}
