/**
 * The trash: for the features that delete (people too), `moveToTrash` in the delete's transaction and
 * `binDriveFolder` after it; for the image check, the trashed items' image files; for server/app.ts, the admin page and its routes, and the purge sweep.
 */
export { moveToTrash, trashedImageKeys } from './trash';
export { binDriveFolder } from './drive-bin';
export { trashRoutes } from './routes';
export { purgeTrashPeriodically, type RemoveImageFiles } from './purge';
