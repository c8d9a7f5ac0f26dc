/**
 * Every route with path parameters, declared once: its pattern, the methods the server answers on it,
 * and a typed path builder. The server registers each route with `ROUTES.x.pattern` and validates its parameters with
 * `paramsOf(ROUTES.x)` (server/lib/validation.ts: refs unless the route says otherwise); pages, components and
 * redirects build its URLs with `ROUTES.x.path({ … })`, never by hand. tests/server/route-contracts.test.ts checks
 * that the app registers exactly these routes and methods, each with its parameters' schema.
 *
 * Paths without parameters stay the constants of their feature's shared file (ADMIN_URL, MY_TASKS_PATH, …), except
 * those the routes below are built on, which are in navigation.ts: the first page's script holds this table, and would
 * otherwise carry those features' messages with it. Each path is spelled once.
 */
import {
  ADMIN_AFFIRMATIONS_URL,
  ADMIN_CHARACTERISTICS_URL,
  ADMIN_TAXONOMIES_URL,
  DOCUMENTATION_URL,
  FOLLOW_URL,
  PROFILE_VERIFY_URL,
  PROFILE_TOKENS_URL,
  PROFILE_DATA_EXPORT_URL,
  STATS_URL,
  TRASH_URL,
  USER_INVITATIONS_URL,
  USER_LIST_URL,
} from './navigation';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The names of a pattern's parameters: '/i/:ref/tag/:tagRef' → 'ref' | 'tagRef'. */
export type RouteParamName<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParamName<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a path is built from: one string a parameter. */
export type RouteParams<Pattern extends string> = { readonly [Name in RouteParamName<Pattern>]: string };

/** One route: `path()` takes no argument when the pattern has no parameters. */
export interface Route<Pattern extends string = string> {
  readonly pattern: Pattern;
  readonly methods: readonly RouteMethod[];
  /** The parameters in the order the pattern names them. */
  readonly paramNames: readonly RouteParamName<Pattern>[];
  path(...params: [RouteParamName<Pattern>] extends [never] ? [] : [params: RouteParams<Pattern>]): string;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** A route contract: `route('/i/:ref/task', ['POST']).path({ ref })` is '/i/{ref}/task', each value URL-encoded. */
export function route<const Pattern extends string>(pattern: Pattern, methods: readonly RouteMethod[]): Route<Pattern> {
  const paramNames = [...pattern.matchAll(PARAM)].map((match) => match[1] as RouteParamName<Pattern>);
  const path = (params: Readonly<Record<string, string>> = {}) => pattern.replace(PARAM, (_match, name: string) => encodeURIComponent(params[name]));
  return { pattern, methods, paramNames, path } as Route<Pattern>;
}

/** Every route with path parameters, named by what it addresses. */
export const ROUTES = {
  batchEditUndo: route('/batch-edit/:batch/undo', ['POST']),
  // An item (/i/{ref}): its page, duplicate, one field, delete, and what hangs off it.
  item: route('/i/:ref', ['GET', 'POST', 'PATCH', 'DELETE']),
  itemAccessRequest: route('/i/:ref/access_request', ['POST']),
  itemAffirmation: route('/i/:ref/affirmation', ['POST']),
  itemCharacteristic: route('/i/:ref/characteristic/:characteristicRef', ['DELETE']),
  itemComment: route('/i/:ref/comment', ['POST']),
  itemContent: route('/i/:ref/content', ['POST']),
  itemContentUpload: route('/i/:ref/content/upload', ['POST']),
  itemFolder: route('/i/:ref/folder', ['GET', 'POST']),
  itemRelation: route('/i/:ref/relation/:itemRef', ['POST']),
  itemShare: route('/i/:ref/share', ['POST']),
  itemTag: route('/i/:ref/tag/:tagRef', ['POST', 'DELETE']),
  itemTask: route('/i/:ref/task', ['POST']),
  itemTaxonomy: route('/i/:ref/taxonomy/:taxonomyRef', ['POST', 'DELETE']),
  itemImageUpload: route('/item/:ref/image/upload', ['POST']),
  itemImageExternal: route('/item/:ref/image/external', ['POST']),
  relation: route('/relation/:ref', ['DELETE']),
  tag: route('/tag/:label', ['GET']),
  tagFeed: route('/tag/:label/feed', ['GET']),

  // Item images and the stock library.
  image: route('/image/:ref', ['GET', 'DELETE']),
  imageLarge: route('/image/:ref/large', ['GET']),
  stockImage: route('/image/stock/:id', ['GET']),
  stockImagePreview: route('/image/stock/:id/preview', ['GET']),

  // Content files and item folders.
  content: route('/content/:ref', ['GET', 'PATCH', 'DELETE']),
  contentReposition: route('/content/:ref/reposition', ['POST']),
  contentShare: route('/content/:ref/share', ['POST']),
  localDriveFile: route('/drive/local/:id', ['GET']),

  // Comments and tasks.
  comment: route('/comment/:ref', ['PATCH', 'DELETE']),
  commentFlag: route('/comment/:ref/flag', ['POST', 'DELETE']),
  taskComplete: route('/task/:ref/complete', ['POST']),
  taskIncomplete: route('/task/:ref/incomplete', ['POST']),

  // Collections (an empty collection ref still posts Add to Collection: the server answers the field error).
  collection: route('/collection/:ref', ['GET', 'PATCH', 'DELETE']),
  collectionFeed: route('/collection/:ref/feed', ['GET']),
  collectionOffline: route('/collection/:ref/offline', ['GET']),
  collectionShare: route('/collection/:ref/share', ['POST']),
  collectionAddItem: route('/collection/:collection/item/:ref', ['POST']),
  collectionEntry: route('/collection_item/:ref', ['PATCH', 'DELETE']),

  // The cards other sites show in a frame (the oEmbed answer's iframe): only what a visitor may open.
  embedItem: route('/embed/i/:ref', ['GET']),
  embedCollection: route('/embed/collection/:ref', ['GET']),

  // A grant, taken back (Remove access): from Shared By Me, an item's or a collection's access panel, a user's page.
  share: route('/share/:ref', ['DELETE']),

  // People, invitations, sign-in.
  user: route(`${USER_LIST_URL}/:ref`, ['GET', 'PATCH', 'DELETE']),
  userFlagAllUnapprovedComments: route(`${USER_LIST_URL}/:ref/flag_all_unapproved_comments`, ['POST']),
  userImpersonate: route(`${USER_LIST_URL}/:ref/impersonate`, ['POST']),
  userInvitation: route(`${USER_INVITATIONS_URL}/:ref`, ['GET', 'POST', 'PATCH', 'DELETE']),
  invite: route('/invite/:token', ['GET', 'POST']),
  profileVerify: route(`${PROFILE_VERIFY_URL}/:token`, ['GET']),
  profileToken: route(`${PROFILE_TOKENS_URL}/:ref`, ['DELETE']),
  // The e-mailed link to one's data: it works only for the person it was prepared for, signed in.
  profileDataExport: route(`${PROFILE_DATA_EXPORT_URL}/:token`, ['GET']),

  // Follows: one's own, and a digest's unfollow link (its secret stands in for signing in).
  follow: route(`${FOLLOW_URL}/:ref`, ['DELETE']),
  unfollow: route('/unfollow/:token', ['GET', 'POST']),

  signInRedirect: route('/auth/:provider/redirect', ['GET', 'POST']),
  signInCallback: route('/auth/:provider/callback', ['GET']),
  documentationPage: route(`${DOCUMENTATION_URL}/:slug`, ['GET']),

  // The admin area.
  adminCharacteristic: route(`${ADMIN_CHARACTERISTICS_URL}/:ref`, ['GET', 'PATCH', 'DELETE']),
  adminCharacteristicReposition: route(`${ADMIN_CHARACTERISTICS_URL}/:ref/reposition`, ['POST']),
  adminCharacteristicFormatUndo: route(`${ADMIN_CHARACTERISTICS_URL}/:ref/format-undo`, ['POST']),
  adminAffirmation: route(`${ADMIN_AFFIRMATIONS_URL}/:ref`, ['GET', 'PATCH', 'DELETE']),
  adminAffirmationReposition: route(`${ADMIN_AFFIRMATIONS_URL}/:ref/reposition`, ['POST']),
  adminTaxonomy: route(`${ADMIN_TAXONOMIES_URL}/:ref`, ['GET', 'PATCH', 'DELETE']),
  adminTaxonomyReposition: route(`${ADMIN_TAXONOMIES_URL}/:ref/reposition`, ['POST']),
  adminTaxonomyTag: route(`${ADMIN_TAXONOMIES_URL}/:ref/tag`, ['POST']),
  adminTaxonomyItems: route(`${ADMIN_TAXONOMIES_URL}/:ref/item`, ['GET']),
  adminTaxonomyAllItems: route(`${ADMIN_TAXONOMIES_URL}/:ref/item/all`, ['GET']),
  adminTaxonomyCsv: route(`${ADMIN_TAXONOMIES_URL}/:ref/csv`, ['GET']),
  adminTaxonomyImport: route(`${ADMIN_TAXONOMIES_URL}/:ref/import`, ['GET', 'POST']),
  adminTag: route('/admin/tag/:ref', ['PATCH', 'DELETE']),
  adminTagReposition: route('/admin/tag/:ref/reposition', ['POST']),
  adminTagMerge: route('/admin/tag/:ref/merge', ['GET', 'POST']),
  adminTagMove: route('/admin/tag/:ref/move', ['POST']),
  adminStatsTop: route(`${STATS_URL}/:parameter`, ['GET']),
  adminTrashEntry: route(`${TRASH_URL}/:ref`, ['DELETE']),
  adminTrashRestore: route(`${TRASH_URL}/:ref/restore`, ['POST']),

  // The read-only JSON API (shared/api.ts has its paths without parameters).
  apiItem: route('/api/v1/items/:ref', ['GET']),
  apiCollection: route('/api/v1/collections/:ref', ['GET']),
} as const;
