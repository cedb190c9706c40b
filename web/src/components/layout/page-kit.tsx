// The pieces the studio's pages are built from: titled bands, words beside a picture, lists of
// points, services and steps, and the bands that end a page with one clear next step.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SmartImage, imageOf, type PictureSize } from '@/components/ui/smart-image';
import { Pending } from '@/components/ui/studio-facts';
import './page-kit.css';

export interface SectionProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** A band of a long studio page (weddings, funerals): more air, and a line between bands. */
  banded?: boolean;
}

/** A titled band of a page (h2), named by its heading. */
export function Section({ title, eyebrow, intro, children, className, banded = false }: SectionProps) {
  const id = useId();
  const base = banded ? 'studio-section' : 'page-section';
  return (
    <section className={[base, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className={banded ? 'studio-section__head' : 'page-section__header'}>
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h2 id={id}>{title}</h2>
        {intro && <div className={`${base}__intro`}>{intro}</div>}
      </header>
      {children}
    </section>
  );
}

/** How wide a story's picture is drawn: half the page from 48rem (at most 75rem wide). */
const STORY_SIZES = '(min-width: 75rem) 36rem, (min-width: 48rem) 50vw, 100vw';
/** How wide a page's first picture is drawn: 1.3 parts of 2.3 from 56rem. */
const INTRO_SIZES = '(min-width: 75rem) 42rem, (min-width: 56rem) 57vw, 100vw';

export interface StoryProps {
  title: string;
  eyebrow?: string;
  picture: PictureSize;
  /** Puts the picture on the left on wide screens. */
  flip?: boolean;
  /** The first picture of a page loads straight away; the rest when scrolled to. */
  eager?: boolean;
  children: ReactNode;
}

/** Words beside a picture: one chapter of a page's story. */
export function Story({ title, eyebrow, picture, flip, eager, children }: StoryProps) {
  const id = useId();
  return (
    <section className="story" data-flip={flip || undefined} aria-labelledby={id}>
      <div className="story__text">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h2 id={id}>{title}</h2>
        {children}
      </div>
      <div className="story__picture">
        <SmartImage {...imageOf(picture)} sizes={STORY_SIZES} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      </div>
    </section>
  );
}

/** The opening of a studio page: its first picture (loaded at once) beside a few paragraphs. */
export function PictureIntro({ picture, flip, children }: { picture: PictureSize; flip?: boolean; children: ReactNode }) {
  return (
    <div className="picture-intro" data-flip={flip || undefined}>
      <SmartImage {...imageOf(picture)} sizes={INTRO_SIZES} fetchPriority="high" decoding="async" className="picture-intro__picture" />
      <div className="picture-intro__text">{children}</div>
    </div>
  );
}

export interface CalloutProps {
  title: string;
  children: ReactNode;
  action: { to: string; label: string };
  secondary?: ReactNode;
  /** Offers the studio's number too, as a quiet "Call 0117 …" button (null: its room, until the facts arrive). */
  call?: { phone: string; phoneHref: string } | null;
}

/** A quiet band that ends a page with one clear next step. */
export function Callout({ title, children, action, secondary, call }: CalloutProps) {
  const id = useId();
  return (
    <section className="callout" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="callout__text">{children}</div>
      <div className="callout__actions">
        <Link to={action.to} className="button">
          {action.label}
        </Link>
        {secondary}
        {call && (
          <a className="button button--quiet" href={call.phoneHref}>
            Call {call.phone}
          </a>
        )}
        {call === null && <Pending chars={18} />}
      </div>
    </section>
  );
}

export interface ContactBandProps {
  title: string;
  children: ReactNode;
  /** The contact link's words, e.g. "Tell us about your day". */
  action: string;
  /** The studio's number as people write it, and as a tel: link; null until the facts arrive. */
  call: { phone: string; phoneHref: string } | null;
}

/** A closing band: a few words, the link to /contact and the studio's number as a tel: link. */
export function ContactBand({ title, children, action, call }: ContactBandProps) {
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
        {call ? (
          <a href={call.phoneHref} className="contact-band__phone">
            <PhoneMark />
            Call {call.phone}
          </a>
        ) : (
          <Pending chars={18} />
        )}
      </div>
    </section>
  );
}

type Point = { title: string; text: string };

/** Short points as cards (what is included, how it works); `numbered` counts them 01, 02… */
export function Points({ points, numbered = false, ordered = false }: { points: readonly Point[]; numbered?: boolean; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={numbered ? 'points points--numbered' : 'points'}>
      {points.map((point) => (
        <li key={point.title}>
          <h3>{point.title}</h3>
          <p>{point.text}</p>
        </li>
      ))}
    </List>
  );
}

/** Services as cards, each with a small drawn mark, a heading (h3) and a few sentences. */
export function ServiceCards({ services, columns = 2 }: { services: readonly Point[]; columns?: 2 | 3 }) {
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
export function StepList({ steps, label }: { steps: readonly Point[]; label: string }) {
  return (
    <ol className="step-list" aria-label={label}>
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

/** What a page says when something could not be had: what happened, what to do, and Try again. */
export function RetryNotice({ title, children, onRetry }: { title: string; children: ReactNode; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p>{children}</p>
      <button type="button" className="button button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** What a list shows while its contents are on their way: a small turning mark and a few words. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <div className="loading-status" role="status">
      <span className="loading-status__spinner" aria-hidden="true" />
      {children}
    </div>
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
