/**
 * "View as level N": maintainers and admins preview pages as a member of a lower (or their own) level, or
 * as a visitor, read-only, without impersonating anyone (docs/decisions/access.md "View as level N").
 */
import { ACCESS_LEVELS, LEVEL_NAMES, LEVEL_SHORT_NAMES, type AccessLevel } from './levels';

/** Who a preview shows the library to: a visitor (signed out), or a member of a level with nothing of their own. */
export type ViewAsTarget = 'visitor' | AccessLevel;

/** POST: starts (or changes) a preview, body `{ as: 'visitor' | '0'…'6', return_to? }`. */
export const VIEW_AS_URL = '/view_as';
/** POST: ends the preview. */
export const END_VIEW_AS_URL = '/view_as/end';

/** Every target, in the order the controls offer them: visitor first, then the levels upwards. */
export const VIEW_AS_TARGETS: readonly ViewAsTarget[] = ['visitor', ...ACCESS_LEVELS];

/** A target as the request body and the session spell it. */
export function viewAsTargetValue(target: ViewAsTarget): string {
  return String(target);
}

/** The target a body value names, or null for anything else. */
export function parseViewAsTarget(value: unknown): ViewAsTarget | null {
  return VIEW_AS_TARGETS.find((target) => viewAsTargetValue(target) === value) ?? null;
}

export function viewAsLabel(target: ViewAsTarget): string {
  return target === 'visitor' ? 'a visitor (signed out)' : `Level ${target} — ${LEVEL_NAMES[target]}`;
}

/** A target as a menu offers it: short, as the level badges name levels. */
export function viewAsChoiceLabel(target: ViewAsTarget): string {
  return target === 'visitor' ? 'Visitor (signed out)' : `Level ${target} — ${LEVEL_SHORT_NAMES[target]}`;
}

/** The preview under way, as every page's `auth.viewingAs` carries it for the banner. */
export interface ViewingAs {
  target: ViewAsTarget;
  label: string;
}

export const VIEW_AS_TEXT = {
  control: 'View as…',
  menuHeader: 'View as',
  banner: (label: string) => `Viewing as ${label}`,
  bannerRegion: 'Preview',
  readOnly: 'A read-only preview: what a member of this level with nothing of their own sees.',
  visitorReadOnly: 'A read-only preview: what a visitor who is not signed in sees.',
  end: 'End preview',
  ended: 'Preview ended.',
  started: (label: string) => `Viewing as ${label}. Nothing can be changed until you end the preview.`,
  refusedWrite: 'This is a read-only preview: end the preview to make changes.',
  noProfile: 'A preview has no profile of its own: end the preview to see yours.',
  notAllowed: 'You may only preview levels up to your own, as an admin or a maintainer of items.',
  invalidTarget: 'Choose a level from 0 to 6, or visitor.',
} as const;
