import type { InertiaLinkProps } from '@inertiajs/react';
import AppLink from './AppLink';
import { ROUTES } from '../../shared/routes';
import { preloadPage } from './page-modules';

const preloadItemPage = () => preloadPage('items/Show');

/**
 * A link to an item page. It never prefetches: opening an item page counts a view, so a hover
 * must not fetch it, and a click must really ask the server (decisions: "Items", view counting). A pointer or the focus
 * on it loads the item page's code only.
 */
export default function ItemLink({ itemRef, ...props }: Omit<InertiaLinkProps, 'href' | 'prefetch'> & { itemRef: string }) {
  return <AppLink onPointerEnter={preloadItemPage} onFocus={preloadItemPage} {...props} href={ROUTES.item.path({ ref: itemRef })} prefetch={false} />;
}
