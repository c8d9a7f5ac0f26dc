/**
 * The public entry of server/features/drive-health: the drive and image checks, as Admin Advanced runs them, and the
 * drive's problems per item that library health lists. Another feature imports these from here, never a file inside
 * (`.dependency-cruiser.cjs`).
 */
export { runDriveHealthAction } from './actions';
export { organisationMemberLevel, type DriveHealthContext } from './context';
export { driveProblemsByItem, type DriveItemProblems } from './item-problems';
