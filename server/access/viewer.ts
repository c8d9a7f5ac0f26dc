import type { AccessLevel } from '../../shared/levels';

/** The person making a request, as the policy module sees them. Anonymous visitors are `ANONYMOUS`. */
export interface Viewer {
  id: number | null;
  ref: string | null;
  name: string;
  email: string | null;
  emailVerified: boolean;
  level: AccessLevel;
  userTypeId: number | null;
  admin: boolean;
  superadmin: boolean;
  manager: boolean;
  manageUsers: boolean;
}

export const ANONYMOUS: Viewer = Object.freeze({
  id: null,
  ref: null,
  name: 'Guest',
  email: null,
  emailVerified: false,
  level: 0,
  userTypeId: null,
  admin: false,
  superadmin: false,
  manager: false,
  manageUsers: false,
});

/**
 * Someone of `level` with nothing of their own (no items maintained, no shares): whom the lists a level shares are
 * computed for (features/discovery/library-cache.ts).
 */
export function levelOnlyViewer(level: AccessLevel): Viewer {
  return { ...ANONYMOUS, level };
}

/**
 * Whom a preview as `level` shows the library to: a signed-in member of that level
 * with nothing of their own (no items maintained, no shares, collections, tasks or comments), verified but with no
 * e-mail address on record, so no share addressed to an address reaches them. Their id is the previewer's negated:
 * no user row has it (every query about "their" things finds nothing), yet rate limits still count the previewer.
 */
export function previewMemberViewer(level: AccessLevel, previewerId: number): Viewer & { id: number; ref: string } {
  return { ...ANONYMOUS, id: -previewerId, ref: 'preview', name: `Level ${level} member (preview)`, emailVerified: true, level };
}

export function isSignedIn(viewer: Viewer): viewer is Viewer & { id: number; ref: string } {
  return viewer.id !== null;
}
