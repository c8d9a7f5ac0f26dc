import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import AppLink from '../lib/AppLink';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';

// Pages give an overflow menu to editors and admins only (their pages are rendered in the browser), so a visitor's
// first page leaves the menu and its Popper out.
const OverflowMenu = onDemand(() => import('./PageHeaderOverflowMenu'));

/** Either a click handler or an in-app link target. */
type PageHeaderTarget = { onClick: () => void; href?: never } | { href: string; onClick?: never };

/** The page's primary action button; `icon` is a Bootstrap Icons class such as 'bi-plus-lg'. */
export type PageHeaderAction = PageHeaderTarget & { label: string; icon?: string };

/** One entry of the overflow ('More actions') menu; `danger` marks a destructive entry. */
export type PageHeaderMenuItem = PageHeaderTarget & { label: string; danger?: boolean };

export interface PageHeaderProps {
  title: ReactNode;
  /** Shown under the title (badges, notes). */
  meta?: ReactNode;
  /** Page-specific controls placed before the standard ones (e.g. the item page's toolbar). */
  tools?: ReactNode;
  action?: PageHeaderAction;
  /** The page's Share button (a ShareButton element). */
  share?: ReactNode;
  /** Entries of the overflow menu; the menu is left out when there are none. */
  overflow?: readonly PageHeaderMenuItem[];
}

/**
 * The page header: the title and, on the right, an optional action button,
 * a Share button and an overflow menu.
 */
export default function PageHeader({ title, meta, tools, action, share, overflow = [] }: PageHeaderProps) {
  const hasControls = tools != null || action !== undefined || share != null || overflow.length > 0;
  return (
    <header className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
      <div>
        <h1 className="mb-1">{title}</h1>
        {meta}
      </div>
      {hasControls && (
        <div className="d-flex flex-wrap align-items-start gap-2">
          {tools}
          {action && <PageHeaderActionButton action={action} />}
          {share}
          {overflow.length > 0 && <OverflowMenu items={overflow} />}
        </div>
      )}
    </header>
  );
}

function PageHeaderActionButton({ action }: { action: PageHeaderAction }) {
  const content = (
    <>
      {action.icon && <Icon name={action.icon} className="me-1" />}
      {action.label}
    </>
  );
  if (action.href !== undefined) {
    return (
      <AppLink href={action.href} className="btn btn-sm btn-primary">
        {content}
      </AppLink>
    );
  }
  return (
    <Button size="sm" variant="primary" onClick={action.onClick}>
      {content}
    </Button>
  );
}
