/**
 * The one map from Inertia page name to its own props. The server's
 * `reply.inertia(name, props)` is type-checked against it, and each page in
 * `pages/` declares its props as `PageProps<'name'>`.
 */
import type { ErrorStatus } from './messages';
import type { Breadcrumb, LoginProviderOption, SharedProps, SidebarEntry } from './props';

export interface PagePropsMap {
  Home: {
    intro: string;
    contactHref: string;
    bannerUrl: string | null;
  };
  'auth/Login': {
    providers: LoginProviderOption[];
    organisationDomains: string[];
    demoLoginAvailable: boolean;
  };
  'dev/Login': {
    accounts: { email: string; name: string; level: number; roles: string[] }[];
  };
  'errors/Error': {
    /** One of the catalogue's statuses (503, 500, 410, 404, 403) or another 4xx such as 429. */
    status: ErrorStatus | number;
    title: string;
    message: string;
    /** Optional extra text, e.g. a hint to sign in on a 403 for anonymous users. */
    detail: string | null;
  };
}

export type PageName = keyof PagePropsMap;

/** Props a page component receives: its own, the shared ones, and optional layout extras. */
export type PageProps<N extends PageName> = PagePropsMap[N] & SharedProps & LayoutExtras;

/** Optional props any page may carry to shape the layout. */
export interface LayoutExtras {
  title?: string;
  breadcrumbs?: Breadcrumb[];
  sidebarEntries?: SidebarEntry[];
}
