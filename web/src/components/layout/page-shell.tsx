import type { ReactNode } from 'react';
import { useMetaDescription } from './use-meta-description';
import './page-shell.css';

export interface PageShellProps {
  /** The page's heading, also its document title. */
  title: string;
  /** A small line above the heading. */
  eyebrow?: string;
  /** What search results say of the page (its meta description); the site's own when not given. */
  description?: string;
  /** One or two sentences under the heading. */
  intro?: ReactNode;
  children?: ReactNode;
}

/** The frame every page shares: a title band and a content area. */
export function PageShell({ title, description, eyebrow, intro, children }: PageShellProps) {
  useMetaDescription(description);
  return (
    <article className="page-shell fade-in">
      <title>{`${title} · Posy floral studio`}</title>
      <header className="page-shell__header">
        <div className="container">
          {eyebrow && <span className="eyebrow">{eyebrow}</span>}
          <h1>{title}</h1>
          {intro && <div className="lede">{intro}</div>}
        </div>
      </header>
      <div className="page-shell__body container">{children}</div>
    </article>
  );
}
