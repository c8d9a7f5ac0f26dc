import type { Page } from '@inertiajs/core';
import { PREFETCH_CACHE_MS, PREFETCH_HOVER_DELAY_MS, PRODUCT_NAME_DEFAULT } from '../../shared/constants';
import AppLayout from '../layout/AppLayout';
import './inertia-types';

/**
 * Every page sits in the persistent AppLayout. A page opts out by declaring its own static
 * `layout` (an empty array for none), which Inertia prefers over this default.
 */
export function defaultLayout() {
  return AppLayout;
}

/** Page titles end with ' - ' and the product name. */
export function pageTitle(title: string, page: Page): string {
  const appName = typeof page.props.appName === 'string' ? page.props.appName : PRODUCT_NAME_DEFAULT;
  return title ? `${title} - ${appName}` : appName;
}

export const inertiaDefaults = {
  prefetch: { cacheFor: PREFETCH_CACHE_MS, hoverDelay: PREFETCH_HOVER_DELAY_MS },
};
