/**
 * The trash: for the features that delete (people too), `moveToTrash` in the delete's transaction and
 * `binDriveFolder` after it; for the image check, the trashed items' image files; for sign-in (server/auth), a person
 * in the trash who signs in; for server/app.ts, the admin page and its routes, and the purge sweep.
 */
export { moveToTrash, trashedImageKeys } from './trash';
export { binDriveFolder } from './drive-bin';
export { selfDeletedAddresses, signInFromTrash, type TrashedPersonSignIn } from './sign-in';
export { trashRoutes } from './routes';
export { purgeTrashPeriodically, type RemoveImageFiles } from './purge';
