/** The admin area's refusals (admin-curation §6): anonymous visitors get the 403 page with the sign-in hint, others a plain 403. */
import { SIGN_IN_HINT } from '../../../shared/messages';
import { isSignedIn, type Viewer } from '../../access/policy';
import { forbidden } from '../../lib/http-errors';

/** Throws the 403 unless the policy's `allowed` holds for the viewer. */
export function requirePolicy(viewer: Viewer, allowed: (viewer: Viewer) => boolean): void {
  if (!allowed(viewer)) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}
