import { useId, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { studio } from '@/config/studio';
import './page-parts.css';

export interface StudioSectionProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A band of a studio page with its own heading (h2), named by that heading. */
export function StudioSection({ title, eyebrow, intro, children, className }: StudioSectionProps) {
  const id = useId();
  return (
    <section className={['studio-section', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className="studio-section__head">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h2 id={id}>{title}</h2>
        {intro && <div className="studio-section__intro">{intro}</div>}
      </header>
      {children}
    </section>
  );
}

/** Services as cards, each with a small drawn mark, a heading (h3) and a few sentences. */
export function ServiceCards({ services, columns = 2 }: { services: readonly { title: string; text: string }[]; columns?: 2 | 3 }) {
  return (
    <ul className={`service-cards service-cards--${columns === 3 ? 'three' : 'two'}`}>
      {services.map((service) => (
        <li key={service.title}>
          <LeafMark />
          <h3>{service.title}</h3>
          <p>{service.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Steps in order, numbered. */
export function StepList({ steps, label }: { steps: readonly { title: string; text: string }[]; label: string }) {
  return (
    <ol className="step-list" aria-label={label} style={{ '--steps': steps.length } as CSSProperties}>
      {steps.map((step, index) => (
        <li key={step.title}>
          <span className="step-list__number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

export interface ContactBandProps {
  title: string;
  children: ReactNode;
  /** The contact link's words, e.g. "Tell us about your day". */
  action: string;
}

/** A closing band: a few words, the link to /contact and the studio's number as a tel: link. */
export function ContactBand({ title, children, action }: ContactBandProps) {
  const id = useId();
  return (
    <section className="contact-band" aria-labelledby={id}>
      <div>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
      <div className="contact-band__actions">
        <Link to="/contact" className="button">
          {action}
        </Link>
        <a href={studio.phoneHref} className="contact-band__phone">
          <PhoneMark />
          Call {studio.phone}
        </a>
      </div>
    </section>
  );
}

function LeafMark() {
  return (
    <svg className="service-cards__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <path d="M6 26C6 14 14 6 26 6c0 12-8 20-20 20Z" fill="var(--color-accent-soft)" stroke="var(--color-accent)" strokeWidth="1.4" />
      <path d="M6 26 20 12" fill="none" stroke="var(--color-accent)" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

function PhoneMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
    </svg>
  );
}
