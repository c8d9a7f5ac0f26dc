/**
 * Equip's types, registered with the Inertia adapter (server/inertia imports nothing from the app): `reply.inertia`
 * checks page names and props against shared/pages.ts, `reply.notify` takes Equip's notification types and links,
 * and the page object's `flash` is Equip's FlashData.
 */
import type { LayoutExtras, PagePropsMap } from '../../shared/pages';
import type { FlashData, FlashNotification, SharedProps, ValidationErrors as FieldErrors } from '../../shared/props';

// The adapter declares InertiaRegister in types.ts; names inside this block resolve there first (hence FieldErrors).
declare module '../inertia/types' {
  interface InertiaRegister {
    pages: PagePropsMap;
    sharedProps: SharedProps;
    layoutExtras: LayoutExtras;
    flash: FlashData;
    notification: FlashNotification;
    validationErrors: FieldErrors;
  }
}
