import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SmartImage } from '@/components/ui/smart-image';
import './page-sections.css';

export interface SectionProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled band of a page, labelled by its heading. */
export function Section({ title, eyebrow, intro, children, className }: SectionProps) {
  const id = useId();
  return (
    <section className={['page-section', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <header className="page-section__header">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h2 id={id}>{title}</h2>
        {intro && <div className="page-section__intro">{intro}</div>}
      </header>
      {children}
    </section>
  );
}

export interface StoryProps {
  title: string;
  eyebrow?: string;
  picture: { src: string; alt: string; width: number; height: number };
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
        <SmartImage
          src={picture.src}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </div>
    </section>
  );
}

export interface CalloutProps {
  title: string;
  children: ReactNode;
  action: { to: string; label: string };
  secondary?: ReactNode;
}

/** A quiet band that ends a page with one clear next step. */
export function Callout({ title, children, action, secondary }: CalloutProps) {
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
      </div>
    </section>
  );
}
