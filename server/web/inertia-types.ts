/**
 * Equip's types, registered with the Inertia adapter (server/inertia imports nothing from the app): `reply.inertia`
 * checks page names and props against shared/pages.ts, `reply.notify` takes Equip's notification types and links,
 * the page object's `flash` is Equip's FlashData, and a first visit's document head is a DocumentHead.
 */
import type { LayoutExtras, PagePropsMap } from '../../shared/pages';
import type { DocumentHead as EquipDocumentHead } from './document-head';
import type { FlashData, FlashNotification, SharedProps, ValidationErrors as FieldErrors } from '../../shared/props';

// The adapter declares InertiaRegister in types.ts; names inside this block resolve there first (hence FieldErrors and EquipDocumentHead).
declare module '../inertia/types' {
  interface InertiaRegister {
    pages: PagePropsMap;
    sharedProps: SharedProps;
    layoutExtras: LayoutExtras;
    flash: FlashData;
    notification: FlashNotification;
    validationErrors: FieldErrors;
    documentHead: EquipDocumentHead;
  }
}
