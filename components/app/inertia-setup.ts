import type { Page } from '@inertiajs/core';
import type { ResolvedComponent } from '@inertiajs/react';
import { PREFETCH_CACHE_MS, PREFETCH_HOVER_DELAY_MS, PRODUCT_NAME_DEFAULT } from '../../shared/constants';
import AppLayout from '../layout/AppLayout';
import './inertia-types';

// Lazy globs give every page its own chunk; the layout ships with the entry.
const pageModules = import.meta.glob<{ default: ResolvedComponent }>('../../pages/**/*.tsx');

export async function resolvePage(name: string): Promise<ResolvedComponent> {
  const load = pageModules[`../../pages/${name}.tsx`];
  if (!load) throw new Error(`No page component named "${name}" in pages/`);
  return (await load()).default;
}

/**
 * Every page sits in the persistent AppLayout. A page opts out by declaring its own static
 * `layout` (an empty array for none), which Inertia prefers over this default.
 */
export function defaultLayout() {
  return AppLayout;
}

/** Page titles end with ' - ' and the product name (member-library §2). */
export function pageTitle(title: string, page: Page): string {
  const appName = typeof page.props.appName === 'string' ? page.props.appName : PRODUCT_NAME_DEFAULT;
  return title ? `${title} - ${appName}` : appName;
}

export const inertiaDefaults = {
  prefetch: { cacheFor: PREFETCH_CACHE_MS, hoverDelay: PREFETCH_HOVER_DELAY_MS },
};
