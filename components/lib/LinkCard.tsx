import type { ReactNode } from 'react';
import AppLink from './AppLink';

interface LinkCardProps {
  href: string;
  title: ReactNode;
  /** A coloured stripe down the left edge (public, disapproval, admins only…), or none. */
  stripe: 'success' | 'danger' | 'warning' | null;
  /** data-* attributes naming the card's state, e.g. { 'data-public': 'true' }. */
  state?: Record<`data-${string}`, string>;
  /** Beside the title, e.g. a badge. */
  titleAside?: ReactNode;
  /** Controls under the text that are not the link (they sit above its stretched target), e.g. a list's move tools. */
  tools?: ReactNode;
  children?: ReactNode;
}

/** A card of a list page whose whole surface links to the record (collections, characteristics, affirmations). */
export default function LinkCard({ href, title, stripe, state, titleAside, tools, children }: LinkCardProps) {
  return (
    <article className={`card h-100 shadow-sm${stripe ? ` border-start border-4 border-${stripe}` : ''}`} {...state}>
      <div className="card-body">
        <h2 className={`card-title h6 mb-1${titleAside ? ' d-flex flex-wrap align-items-center gap-2' : ''}`}>
          <AppLink href={href} className="stretched-link text-decoration-none">
            {title}
          </AppLink>
          {titleAside}
        </h2>
        {children}
        {tools && <div className="mt-2">{tools}</div>}
      </div>
    </article>
  );
}

/** A card's multi-line text (a description, a usage note), line breaks kept. */
export function CardNote({ children }: { children: ReactNode }) {
  return (
    <p className="card-text small mb-0 text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>
      {children}
    </p>
  );
}
