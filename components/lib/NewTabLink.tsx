import type { AnchorHTMLAttributes } from 'react';
import { OPENS_IN_NEW_TAB } from '../../shared/messages';
import Icon from './Icon';

type NewTabLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target'> & {
  href: string;
  /** Sent to the other page as `rel`; `noopener noreferrer` unless told (same-site links keep the referrer). */
  rel?: string;
};

/**
 * A plain link that opens in a new tab, and says so: after its text an arrow out of a box for sighted users and
 * "(opens in a new tab)" for screen readers, which hear the arrow as nothing. Every `target="_blank"` of the app is one
 * of these (docs/decisions/front-end.md "Links that open a new tab").
 */
export default function NewTabLink({ children, rel = 'noopener noreferrer', ...props }: NewTabLinkProps) {
  return (
    <a {...props} target="_blank" rel={rel}>
      {children}
      <Icon name="bi-box-arrow-up-right" className="ms-1 small new-tab-icon" />
      <span className="visually-hidden"> {OPENS_IN_NEW_TAB}</span>
    </a>
  );
}
