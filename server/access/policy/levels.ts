/** The policy's base: the viewer and the level they act at, which every rule reads. */
import { LEVEL, type AccessLevel } from '../../../shared/levels';
import type { Viewer } from '../viewer';

export { ANONYMOUS, isSignedIn, levelOnlyViewer, previewMemberViewer, type Viewer } from '../viewer';

/** Admins act at the top level whatever their user type says. */
export function effectiveLevel(viewer: Viewer): AccessLevel {
  return viewer.admin || viewer.superadmin ? LEVEL.ADMIN : viewer.level;
}

export function isAdmin(viewer: Viewer): boolean {
  return viewer.admin || viewer.superadmin;
}
