/**
 * The one policy module: every route asks it what a viewer may see and do.
 * The UI only hides what these functions already refuse on the server.
 *
 * One module behind this index, split by domain; import it as `server/access/policy`, never a file inside:
 * - levels.ts: the viewer (`Viewer`, `isSignedIn`, `ANONYMOUS`), `effectiveLevel`, `isAdmin`;
 * - flags.ts: the page-level flags every page carries (`baseCan`, `menuFlags`) and the rules about the viewer alone
 *   they read (`maxShareLevel`, `canGrantAccess`, `canManageUsers`, `canInvite`, `canReadDocumentation`, and
 *   `viewAsTargets`, `canViewAs`: who may preview the library as a level);
 * - viewer-sql.ts: how the SQL conditions see a viewer (`SqlTime`, the shares addressed to them, prepared
 *   statements' stand-in viewers);
 * - items.ts: opening, listing (with their SQL conditions), editing, expiry, drafts and the item page's parts;
 * - content.ts: an item's content rows and drive folder; sharing.ts: grants and access requests;
 * - collections.ts, comments.ts, tasks.ts, users.ts (user management, impersonation, one's own profile),
 *   invitations.ts, admin.ts (dashboard, characteristics, affirmations, taxonomies, stats, Advanced, library health,
 *   the trash), history.ts (an item's History, the activity feed), follows.ts (follows, digests and feeds).
 * The first three are the base every domain file builds on; domain files import the base, items.ts, and (sharing,
 * tasks) content.ts and users.ts: no cycles.
 */
export * from './levels';
export * from './flags';
export * from './viewer-sql';
export * from './items';
export * from './content';
export * from './sharing';
export * from './collections';
export * from './comments';
export * from './tasks';
export * from './users';
export * from './invitations';
export * from './admin';
export * from './history';
export * from './follows';
