import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { allowedBy, guardEveryRoute, signedInViewer } from './access/guards';
import { canOpenAdminArea, isSignedIn } from './access/policy';
import { validatorCompiler } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import compress from '@fastify/compress';
import type { AppConfig } from './config';
import { recordRouteTable } from './lib/route-table';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { inertiaPlugin } from './inertia';
import './web/inertia-types'; // Equip's pages, shared props and flash, registered with the adapter's types
import { createDocumentRenderer } from './web/document';
import { loadServerRenderer } from './web/ssr';
import { askForColorSchemeHint } from './web/theme';
import { assetsPlugin } from './web/assets';
import { registerRateLimits } from './web/rate-limit';
import { decorateRedis } from './web/redis';
import { sessionPlugin } from './auth/session';
import { viewerPlugin } from './auth/viewer';
import { impersonationPlugin } from './auth/impersonation';
import { csrfPlugin } from './auth/csrf';
import { sessionlessPlugin } from './auth/sessionless';
import { viewAsPlugin } from './auth/view-as';
import { viewAsRoutes } from './features/view-as/routes';
import { apiRoutes } from './features/api/routes';
import { authRoutes } from './auth/routes';
import { mailPlugin } from './mail/plugin';
import { mailOutboxPlugin } from './mail/outbox';
import { errorPagesPlugin, frameworkErrorPage } from './features/errors/plugin';
import { rewriteUndecodableUrl } from './features/errors/undecodable-url';
import { sharedPropsFor } from './features/layout/shared-props';
import { navigationHistory } from './features/navigation/queries';
import { homeRoutes } from './features/home/routes';
import { seoRoutes } from './features/seo';
import { embedRoutes, embedSecurityHeaders, mayBeFramedByAnySite, visitorOnlyPlugin } from './features/embeds';
import { navigationRoutes } from './features/navigation/routes';
import { discoveryRoutes } from './features/discovery/routes';
import { healthCheckRoutes } from './features/health-checks/routes';
import { metricsPlugin } from './features/metrics/plugin';
import { metricsRoutes } from './features/metrics/routes';
import type { Lifecycle } from './features/health-checks/shutdown';
import { libraryCachePlugin, snapshotSideColumns } from './features/discovery/library-cache';
import { itemRoutes } from './features/items/routes';
import { itemViewsPlugin } from './features/items/view-recorder';
import { itemEditingRoutes } from './features/item-editing/routes';
import { batchEditRoutes } from './features/batch-edit';
import { imageRoutes } from './features/images/routes';
import { contentRoutes } from './features/content/routes';
import { profileRoutes } from './features/profile/routes';
import { accessTokenPlugin } from './features/access-tokens/authentication';
import { accessTokenRoutes } from './features/access-tokens/routes';
import { dataExportRoutes } from './features/data-export/routes';
import { prepareDataExportsPeriodically } from './features/data-export/archive-job';
import { followRoutes, sendDigestsPeriodically } from './features/follows/routes';
import { offlineRoutes } from './features/offline/routes';
import { collectionGrantsProp, sharingRoutes } from './features/sharing/routes';
import { accessRequestRoutes } from './features/sharing/access-requests';
import { collectionRoutes } from './features/collections/routes';
import { createDrive, drivePlugin } from './drive/plugin';
import type { DrivePort } from './drive/port';
import { invitationRecipientRoutes, pendingInvitationPlugin } from './features/invitations/recipient';
import { invitationRoutes } from './features/invitations/routes';
import { userRoutes } from './features/users/routes';
import { ownAccountRoutes } from './features/users/own-account';
import { taskRoutes } from './features/tasks/routes';
import { myAffirmationRoutes } from './features/my-affirmations/routes';
import { adminCommentRoutes, commentRoutes } from './features/comments/routes';
import { adminAdvancedRoutes } from './features/admin-advanced/routes';
import { serverLogger } from './features/admin-advanced/log-file';
import { REQUEST_ID_HEADER, requestIdGenerator } from './lib/request-id';
import { newRef } from './lib/ref';
import { documentationRoutes } from './features/documentation/routes';
import { requestLogPlugin } from './features/request-log/plugin';
import { adminStatsRoutes } from './features/admin-stats/routes';
import { adminDashboardRoutes } from './features/admin/routes';
import { adminCharacteristicRoutes } from './features/admin-characteristics/routes';
import { adminAffirmationRoutes } from './features/admin-affirmations/routes';
import { adminTaxonomyRoutes } from './features/admin-taxonomies/routes';
import { tagMergeRoutes } from './features/admin-taxonomies/merge-routes';
import { taxonomyCsvRoutes } from './features/admin-taxonomies/csv-routes';
import { activityRoutes, registerHistory } from './features/history';
import { libraryHealthRoutes, runHealthChecksPeriodically } from './features/library-health';
import { purgeTrashPeriodically, trashRoutes, type RemoveImageFiles } from './features/trash';
import { imagesDirIn, localImageStore, removeImageFiles, type StoredImage } from './features/images';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
  }
}

export interface AppDependencies {
  /** An open, migrated database; when absent the app opens (and later closes) its own. */
  database?: DatabaseHandle;
  /** The drive for item folders and content; when absent, the one DRIVE configures. */
  drive?: DrivePort;
}

export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config));
  recordRouteTable(app);
  // Route schemas are zod schemas (server/lib/validation.ts); their refusals are answered in features/errors.
  app.setValidatorCompiler(validatorCompiler);
  const database = deps.database ?? (await openOwnDatabase(config));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('lifecycle', { draining: false } satisfies Lifecycle);
  if (!deps.database) app.addHook('onClose', () => database.close());
  registerHistory(app);
  runHealthChecksPeriodically(app);
  purgeTrashPeriodically(app, trashedImageFileRemover(app));
  sendDigestsPeriodically(app);
  prepareDataExportsPeriodically(app);
  app.addHook('onSend', async (request, reply) => {
    // Lets people quote the id that is in the log when they report a problem.
    reply.header(REQUEST_ID_HEADER, request.id);
    // Pages, JSON and redirects depend on the session: no cache keeps them. Static assets and access-checked images
    // decide their own caching where they are served.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  // Built before the security headers, which allow the document's inline script by its hash.
  const documentRenderer = createDocumentRenderer({
    appName: config.APP_NAME,
    appUrl: config.APP_URL,
    devServerUrl: config.VITE_DEV_SERVER_URL,
    // Every first page is rendered on the server, signed in or not: painted before the scripts run, and readable
    // without them (docs/decisions/front-end.md "Server-side rendering").
    serverRenderer: config.SERVER_RENDERING && !config.VITE_DEV_SERVER_URL ? await loadServerRenderer(app.log) : null,
  });
  // helmet's middleware built once (the Fastify wrapper builds it anew for every request). The Referer goes to this
  // site only (never to another one): redirectBack returns a person to the page they acted on, such as the quick-tag matrix.
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config, documentRenderer.inlineScriptHashes),
    hsts: config.isProduction,
    referrerPolicy: { policy: 'same-origin' },
  });
  // Only the embeds' cards may be framed by other sites; every other answer refuses frames (helmet's frame-ancestors
  // 'self' and X-Frame-Options).
  const embedHeaders = helmet(embedSecurityHeaders(config));
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    const headers = mayBeFramedByAnySite(request) ? embedHeaders : securityHeaders;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await decorateRedis(app, config);
  await registerRateLimits(app, config);
  // Requests, the database pool, the library cache, the outbox and periodic jobs, for Prometheus (features/metrics):
  // before every route, so its request hook sees them all.
  await app.register(metricsPlugin, { database });
  // Token requests and the embeds go without a session: its hook runs before the session's and the CSRF token's.
  await app.register(sessionlessPlugin);
  // A personal access token to the API: before the cookies are read, which a token request goes without.
  await app.register(accessTokenPlugin);
  // The embeds answer as a visitor whatever the cookies, and set none: before the cookies are read too.
  await app.register(visitorOnlyPlugin);
  await app.register(cookie);
  await app.register(formbody);
  // Signed-in requests read the library cache's snapshot with their session (features/discovery/library-cache.ts).
  await app.register(sessionPlugin, { sideColumns: config.LIBRARY_CACHE_ENTRIES > 0 ? snapshotSideColumns() : {} });
  await app.register(viewerPlugin);
  await app.register(impersonationPlugin);
  await app.register(csrfPlugin);
  // "View as level N": a preview's synthetic viewer replaces the real one; its writes are refused after the CSRF check.
  await app.register(viewAsPlugin);
  // Every request is logged for the admin stats, in batches off the request (features/request-log).
  await app.register(requestLogPlugin);

  await app.register(assetsPlugin, { devServerUrl: config.VITE_DEV_SERVER_URL });
  askForColorSchemeHint(app);
  await app.register(inertiaPlugin, {
    version: documentRenderer.version,
    renderDocument: documentRenderer.renderDocument,
    sharedProps: async (request) => ({ ...sharedPropsFor(request), ...(await firstPageNavigationHistory(app, request)) }),
    newId: newRef,
  });
  await app.register(errorPagesPlugin);
  await app.register(mailPlugin);
  await app.register(mailOutboxPlugin);
  await app.register(drivePlugin, { drive: deps.drive ?? (await createDrive(config)) });
  await app.register(healthCheckRoutes, { db: database.healthCheckDb() });
  await app.register(metricsRoutes);

  // Before every route: a signed-in user with a pending invitation link is taken to it (features/invitations).
  await app.register(pendingInvitationPlugin);
  await app.register(authRoutes);
  await app.register(homeRoutes);
  await app.register(seoRoutes);
  await app.register(embedRoutes);
  await app.register(navigationRoutes);
  await app.register(libraryCachePlugin);
  await app.register(discoveryRoutes);
  await app.register(itemViewsPlugin);
  await app.register(itemRoutes);
  await app.register(itemEditingRoutes);
  await app.register(batchEditRoutes);
  await app.register(imageRoutes);
  await app.register(contentRoutes);
  await app.register(profileRoutes);
  await app.register(accessTokenRoutes);
  await app.register(dataExportRoutes);
  await app.register(followRoutes);
  await app.register(offlineRoutes);
  await app.register(sharingRoutes);
  await app.register(accessRequestRoutes);
  await app.register(collectionRoutes, { grantsProp: collectionGrantsProp });
  await app.register(userRoutes);
  await app.register(ownAccountRoutes);
  await app.register(taskRoutes);
  await app.register(myAffirmationRoutes);
  await app.register(commentRoutes);
  await app.register(documentationRoutes);
  await app.register(adminAreaRoutes);
  await app.register(invitationRoutes);
  await app.register(invitationRecipientRoutes);
  await app.register(viewAsRoutes);
  await app.register(apiRoutes);
  return app;
}

function serverOptions(config: AppConfig): FastifyServerOptions {
  return {
    // A number of hops means: trust that many proxies nearest to Equip (Fastify's typings lack the number form).
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    // Fastify would take any X-Request-Id as it is; only a trusted proxy's safe one is kept.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    // A URL Fastify cannot decode would get Fastify's own JSON before any hook: it goes to the app's 400 page instead.
    rewriteUrl: rewriteUndecodableUrl,
    frameworkErrors: frameworkErrorPage,
    // A path parameter is a ref or a label; a longer one names nothing and gets the app's 404 rather than Fastify's 414.
    routerOptions: { maxParamLength: 2048 },
    logger: serverLogger(config),
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

async function openOwnDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDataDir: config.pgliteDataDir });
  await migrateDatabase(handle);
  return handle;
}

/** Browser features Equip never uses, denied to its pages and to anything they embed. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** `inlineScriptHashes`: the document's own inline scripts (the tap keeper, server/web/document.ts), allowed by hash. */
function contentSecurityPolicy(config: AppConfig, inlineScriptHashes: string[]) {
  const dev = config.VITE_DEV_SERVER_URL;
  const devSources = dev ? [dev, dev.replace(/^http/, 'ws')] : [];
  return {
    useDefaults: true,
    directives: {
      'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...devSources, ...(dev ? ["'unsafe-inline'"] : [])],
      'connect-src': ["'self'", ...devSources],
      // Every picture is served by Equip (/image/…, the build's own files; CSS icons are data: URLs): none is
      // hot-linked from another site, so no other origin is needed.
      'img-src': ["'self'", 'data:', ...(dev ? [dev] : [])],
      'style-src': ["'self'", "'unsafe-inline'", ...devSources],
      'upgrade-insecure-requests': config.cookieSecure ? [] : null,
    },
  };
}

/**
 * The admin area: every admin route in one scope behind one guard (admins and superadmins), checked before any ref is
 * read so others cannot probe which refs exist. Advanced and the server logs add a superadmin's guard of their own.
 */
async function adminAreaRoutes(admin: FastifyInstance): Promise<void> {
  guardEveryRoute(admin, allowedBy(canOpenAdminArea));
  for (const area of [
    adminDashboardRoutes,
    adminCommentRoutes,
    adminCharacteristicRoutes,
    adminAffirmationRoutes,
    adminTaxonomyRoutes,
    tagMergeRoutes,
    taxonomyCsvRoutes,
    adminStatsRoutes,
    activityRoutes,
    libraryHealthRoutes,
    adminAdvancedRoutes,
  ]) {
    await admin.register(area);
  }
  await admin.register(trashRoutes, { removeImageFiles: trashedImageFileRemover(admin) });
}

/** Purged item images' files go through the images feature's store, which the trash may not import (docs/architecture.md). */
function trashedImageFileRemover(app: FastifyInstance): RemoveImageFiles {
  const store = localImageStore(imagesDirIn(app.config.DATA_DIR));
  return (images, log) => removeImageFiles(store, images as StoredImage[], log);
}

/**
 * The sidebar's history on a signed-in person's first page (a whole-page load, which the server renders), so the
 * sidebar is drawn with it instead of growing after the paint; an Inertia visit keeps the sidebar it has. The same
 * query and rule as its JSON route (features/navigation).
 */
async function firstPageNavigationHistory(app: FastifyInstance, request: FastifyRequest) {
  if (!isSignedIn(request.viewer) || request.headers['x-inertia'] === 'true') return {};
  return { navigationHistory: await navigationHistory(app.db, signedInViewer(request)) };
}
