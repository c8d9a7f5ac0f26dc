/**
 * The adapter's view of the application's types. The adapter imports nothing from the app: the app registers its
 * page map, shared props, flash and notification types by module augmentation, once —
 *
 *   declare module '<path to>/inertia' {
 *     interface InertiaRegister { pages: PagePropsMap; sharedProps: SharedProps; … }
 *   }
 *
 * — and `reply.inertia`, `reply.notify`, `reply.redirectWithErrors` and the page object are typed from it. Without a
 * registration every page name and prop is accepted (the fallbacks below).
 */

/** What the app registers; every key is optional. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app's module augmentation
export interface InertiaRegister {}

type Registered<K extends string, Fallback> = InertiaRegister extends Record<K, infer T> ? T : Fallback;

/** `{field: message}`: what a failed form answers. */
export type ValidationErrors = Registered<'validationErrors', Record<string, string | string[]>>;

/** Page name → the page's own props. */
export type InertiaPages = Registered<'pages', Record<string, Record<string, unknown>>>;

export type PageName = keyof InertiaPages & string;

/** Props of every page, resolved per request by the plugin's `sharedProps` (`errors` included). */
export type InertiaSharedProps = Registered<'sharedProps', Record<string, unknown>>;

/** Props any page may add for the layout (title, breadcrumbs…). */
export type InertiaLayoutExtras = Registered<'layoutExtras', object>;

/** A link shown after a notification. */
export interface DefaultNotificationLink {
  href: string;
  label: string;
}

/** One entry of `page.flash.notifications`, queued by `reply.notify`. */
export type InertiaNotification = Registered<'notification', { pseudoref: string; message: string; type: string; link?: DefaultNotificationLink }>;

/**
 * What a first visit's HTML document says about the page beyond its props (a description, link previews…): the app's
 * `renderDocument` reads it; Inertia visits never compute it.
 */
export type DocumentHead = Registered<'documentHead', Record<string, unknown>>;

/** The page object's top-level `flash` field. */
export type InertiaFlash = Registered<'flash', { notifications?: InertiaNotification[]; [key: string]: unknown }>;

/** `props.errors`: a field→message map, or such maps keyed by error bag. */
export type PageErrors = Record<string, string | string[] | ValidationErrors>;
