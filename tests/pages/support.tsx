import { render, waitFor } from '@testing-library/react';
import Sortable from 'sortablejs';
import { App, config, type ResolvedComponent } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import { defaultLayout, inertiaDefaults, pageTitle } from '../../components/app/inertia-setup';
import { resolvePage } from '../../components/lib/page-modules';
import type { LayoutExtras, PageName, PagePropsMap } from '../../shared/pages';
import type { AuthProps, CanFlags, FlashData, LoginProviderOption, MenuFlags, SharedProps } from '../../shared/props';
import type { AccountDeletionImpact } from '../../shared/account-deletion';

const NO_MENU: MenuFlags = {
  systemAdmin: false,
  manageUsers: false,
  invitations: false,
  documentation: false,
  drafts: false,
  unpublished: false,
  unlisted: false,
  history: false,
};

/** Menu flags as the server's policy gives them to each kind of viewer. */
export const MENUS = {
  anonymous: NO_MENU,
  member: { ...NO_MENU, drafts: true, history: true },
  admin: { ...NO_MENU, systemAdmin: true, invitations: true, documentation: true, drafts: true, unpublished: true, unlisted: true, history: true },
  manager: { ...NO_MENU, documentation: true, drafts: true, history: true },
  usermanager: { ...NO_MENU, manageUsers: true, invitations: true, drafts: true, history: true },
} satisfies Record<string, MenuFlags>;

export const ANONYMOUS: AuthProps = {
  authenticated: false,
  admin: false,
  manager: false,
  manage_users: false,
  email_missing: false,
  email_unverified: false,
  email: null,
  user: null,
  level: 0,
};

export const MEMBER: AuthProps = {
  ...ANONYMOUS,
  authenticated: true,
  email: 'sam@example.org',
  user: { ref: 'usr_sam', name: 'Sam Member' },
  level: 1,
};

const NO_CAN: CanFlags = {
  create: false,
  update: false,
  delete: false,
  duplicate: false,
  share: false,
  shareToLevel: 0,
  comment: false,
  admin: false,
  invite: false,
  flag_comments: false,
  impersonate: false,
  create_self_item: false,
  change_email: false,
  viewAs: [],
};

/** The sign-in buttons of a server with Google and Microsoft credentials but none for Facebook. */
export const LOGIN_PROVIDER_OPTIONS: LoginProviderOption[] = [
  { provider: 'google', label: 'Google', href: '/auth/google/redirect', enabled: true, reason: null },
  { provider: 'microsoft', label: 'Microsoft', href: '/auth/microsoft/redirect', enabled: true, reason: null },
  { provider: 'facebook', label: 'Facebook', href: '/auth/facebook/redirect', enabled: false, reason: 'Not configured on this server' },
];

export const SHARED_ANONYMOUS: SharedProps = {
  appName: 'Equip',
  timeZone: 'UTC',
  auth: ANONYMOUS,
  can: NO_CAN,
  menu: MENUS.anonymous,
  isProductionHost: true,
  loginProviders: LOGIN_PROVIDER_OPTIONS,
  errors: {},
};

export const SHARED_MEMBER: SharedProps = { ...SHARED_ANONYMOUS, auth: MEMBER, menu: MENUS.member, loginProviders: [] };

/** What deleting an account with nothing in it changes (the profile's Delete my account, a user's Delete). */
export const NO_DELETION_IMPACT: AccountDeletionImpact = {
  comments: 0,
  itemsMaintained: 0,
  collections: 0,
  follows: 0,
  affirmations: 0,
  sharesGiven: 0,
  sharesReceived: 0,
  tasksAssigned: 0,
  accessTokens: 0,
  personPage: false,
};

export const HOME_PROPS: PagePropsMap['Home'] = {
  intro: 'A shared library of ministry resources.',
  contactHref: 'mailto:hello@example.org',
  bannerUrl: null,
};

interface PageOptions {
  url?: string;
  flash?: FlashData;
}

/** A page object as the server's Inertia plugin would send it. */
export function pageObject<N extends PageName>(
  component: N,
  props: PagePropsMap[N] & SharedProps & LayoutExtras,
  { url = '/', flash = {} }: PageOptions = {},
): Page {
  const page = { component, props, url, version: 'test', flash, rescuedProps: [], rememberedState: {} };
  // Our props are closed interfaces (errors may hold string arrays); Inertia's are an open record.
  return page as unknown as Page;
}

/**
 * Renders a page through the real Inertia App with the app's own resolver, layout and title
 * callback; `testComponent` stands in for a page that only the test defines.
 */
export async function renderInertiaPage(page: Page, testComponent?: ResolvedComponent) {
  config.replace(inertiaDefaults);
  const resolve = async (name: string) => (testComponent && name === page.component ? testComponent : resolvePage(name));
  const initialComponent = await resolve(page.component);
  return render(
    <App initialPage={page} initialComponent={initialComponent} resolveComponent={resolve} defaultLayout={defaultLayout} titleCallback={pageTitle} />,
  );
}

/** The drag list sortablejs made of `list`: the library loads when a list first becomes draggable, so it comes a tick later. */
export async function sortableOf(list: HTMLElement): Promise<Sortable> {
  return waitFor(() => {
    const sortable = Sortable.get(list);
    if (!sortable) throw new Error('the list is not draggable (yet)');
    return sortable;
  });
}
