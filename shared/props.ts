import type { AccessLevel } from './levels';
import type { FlashType, LoginProvider } from './enums';
import type { ViewAsTarget, ViewingAs } from './view-as';

/** Auth props. */
export interface AuthProps {
  authenticated: boolean;
  admin: boolean;
  manager: boolean;
  manage_users: boolean;
  email_missing: boolean;
  email_unverified: boolean;
  email: string | null;
  user: { ref: string; name: string } | null;
  /** The level the viewer sees the library at (0 for visitors; the previewed one while viewing as a level): cards lock what is above it. */
  level: AccessLevel;
  /** While acting as another user (`user`): the real user, to return to; null otherwise. Always sent by the server. */
  impersonating?: { name: string } | null;
  /** While previewing the library as a level or a visitor: what the banner says; null otherwise. Always sent by the server. */
  viewingAs?: ViewingAs | null;
}

/** Permission flags, for the page being shown. */
export interface CanFlags {
  create: boolean;
  update: boolean;
  delete: boolean;
  duplicate: boolean;
  share: boolean;
  shareToLevel: number;
  comment: boolean;
  admin: boolean;
  invite: boolean;
  flag_comments: boolean;
  impersonate: boolean;
  create_self_item: boolean;
  /** Setting or changing one's own e-mail address: never while acting as someone else. */
  change_email: boolean;
  /** The previews ("View as level N") this viewer may start from this page; none for most. */
  viewAs: ViewAsTarget[];
}

/** Which layout entries the viewer may use; computed by the server's policy module. */
export interface MenuFlags {
  systemAdmin: boolean;
  manageUsers: boolean;
  /** User Invitations (/user_invitation), for those who may invite. */
  invitations: boolean;
  documentation: boolean;
  drafts: boolean;
  unpublished: boolean;
  unlisted: boolean;
  history: boolean;
}

/** Where a notification leads, e.g. the collection an item was just added to. */
export interface NotificationLink {
  href: string;
  /** The link's text, which must make sense on its own (screen readers list links out of context). */
  label: string;
}

export interface FlashNotification {
  pseudoref: string;
  message: string;
  type: FlashType;
  /** A same-site link shown after the message. */
  link?: NotificationLink;
}

/** The v3 top-level `flash` field of the page object. */
export interface FlashData {
  notifications?: FlashNotification[];
  [key: string]: unknown;
}

export type ValidationErrors = Record<string, string | string[]>;

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface SidebarEntry {
  label: string;
  href: string;
  icon?: string;
}

/** Props every page receives from the server's shared props. */
export interface SharedProps {
  appName: string;
  /** The organisation's time zone (TIME_ZONE): dates are shown in it (shared/dates.ts). */
  timeZone: string;
  auth: AuthProps;
  can: CanFlags;
  menu: MenuFlags;
  /** True when the request's host is the configured production host. */
  isProductionHost: boolean;
  /** The login modal's sign-in buttons, as the login page shows them; empty for a signed-in viewer. */
  loginProviders: LoginProviderOption[];
  /**
   * The sidebar's history, on a signed-in person's first page only (a whole-page load, which the server renders): the
   * sidebar shows it at once instead of growing from "Loading…" after the page has painted. Visits leave it out.
   */
  navigationHistory?: NavigationHistory;
  errors: ValidationErrors;
}

/** Navigation history, GET /user/item_history_for_navigation. */
export interface NavigationHistoryEntry {
  title: string;
  href: string;
  icon: string;
}
export interface NavigationHistory {
  recentlyViewedItems: NavigationHistoryEntry[];
  frequentlyViewedItems: NavigationHistoryEntry[];
  myCollections: NavigationHistoryEntry[];
}

export interface LoginProviderOption {
  provider: LoginProvider;
  label: string;
  href: string;
  enabled: boolean;
  /** Why the button is disabled, when it is. */
  reason: string | null;
}
