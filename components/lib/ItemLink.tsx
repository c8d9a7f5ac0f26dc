import type { InertiaLinkProps } from '@inertiajs/react';
import AppLink from './AppLink';
import { ROUTES } from '../../shared/routes';

/**
 * A link to an item page. It never prefetches: opening an item page counts a view, so a hover
 * must not fetch it, and a click must really ask the server (decisions: "Items", view counting).
 */
export default function ItemLink({ itemRef, ...props }: Omit<InertiaLinkProps, 'href' | 'prefetch'> & { itemRef: string }) {
  return <AppLink {...props} href={ROUTES.item.path({ ref: itemRef })} prefetch={false} />;
}
