/**
 * Admin Advanced (admin-curation §2 "Admin Advanced", §6, §7): the superadmin's maintenance actions and
 * Server Logs. POST /admin/advanced runs one action and redirects back; its text report is kept in the session
 * for exactly the next page (the `response` prop), like flash data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADVANCED_MESSAGES, ADVANCED_URL, LOG_VIEWER_URL, type AdvancedAction } from '../../../shared/advanced';
import { SIGN_IN_HINT } from '../../../shared/messages';
import { canUseAdvanced, isSignedIn, type Viewer } from '../../access/policy';
import { auditEvents } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { organisationMemberLevel } from '../drive-health/context';
import { imagesDirIn } from '../images/storage';
import { runAdvancedAction, type AdvancedContext } from './actions';
import { logFilePath, readLogTail, TAIL_BYTES } from './log-file';
import { renderLogViewer } from './log-viewer';
import { advancedBody, logViewerQuery } from './schemas';

declare module 'fastify' {
  interface Session {
    /** The report of the last Admin Advanced action, shown once on the next page. */
    advancedResponse?: string;
  }
}

/** Longest report kept for the next page (a capped listing fits well within it). */
const RESPONSE_MAX_CHARS = 300_000;

/** Actions that change data or drive files: recorded in audit_events. */
const CHANGING_ACTIONS: ReadonlySet<AdvancedAction> = new Set<AdvancedAction>([
  'clear_running_deployment_tasks',
  'clear_failed_deployment_tasks',
  'update-search-indexes',
  'check-external-links',
  'wrong-drive-sharing-permissions-fix',
  'wrong-drive-folder-names-fix',
  'missing-drive-file-format-attributes',
  'missing-drive-file-size-attribute',
]);

function requireSuperadmin(viewer: Viewer): void {
  if (!canUseAdvanced(viewer)) throw forbidden(isSignedIn(viewer) ? null : SIGN_IN_HINT);
}

function takeResponse(request: FastifyRequest): string {
  const response = request.session.get('advancedResponse');
  if (response !== undefined) request.session.set('advancedResponse', undefined);
  return response ?? '';
}

function keepResponse(request: FastifyRequest, text: string): void {
  const kept = text.length > RESPONSE_MAX_CHARS ? `${text.slice(0, RESPONSE_MAX_CHARS)}\n\n… (report cut at ${RESPONSE_MAX_CHARS.toLocaleString('en-GB')} characters)` : text;
  request.session.set('advancedResponse', kept);
}

/** The context of a request's action; the link check always uses the strict SSRF policy here. */
function advancedContext(app: FastifyInstance): AdvancedContext {
  const config = app.config;
  const now = new Date();
  return {
    db: app.db,
    drive: app.drive,
    now,
    appName: config.APP_NAME,
    environment: config.NODE_ENV,
    budgetSeconds: config.ADVANCED_ACTION_BUDGET_SECONDS,
    driveHealth: async () => ({
      db: app.db,
      drive: app.drive,
      imagesDir: imagesDirIn(config.DATA_DIR),
      now,
      organisationLevel: await organisationMemberLevel(app.db, config.ORGANISATION_USER_TYPE),
    }),
    logLate: (action, report) => app.log.info({ action, report }, `Admin Advanced: ${action} finished after its time budget`),
  };
}

async function runAndReport(request: FastifyRequest, action: AdvancedAction): Promise<string> {
  const app = request.server;
  try {
    const report = await runAdvancedAction(action, advancedContext(app));
    if (CHANGING_ACTIONS.has(action)) {
      await app.db.insert(auditEvents).values({ action: `advanced:${action}`, actorUserId: request.viewer.id, details: { action } });
    }
    request.log.info({ action }, 'Admin Advanced action run');
    return report;
  } catch (error) {
    request.log.error({ err: error, action }, 'Admin Advanced action failed');
    return `${action} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function showLogViewer(request: FastifyRequest, reply: FastifyReply) {
  requireSuperadmin(request.viewer);
  const query = logViewerQuery.parse(request.query ?? {});
  const file = logFilePath(request.server.config);
  const tail = file ? await readLogTail(file) : null;
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .send(renderLogViewer({ appName: request.server.config.APP_NAME, file, tail, query, tailBytes: TAIL_BYTES }));
}

export async function adminAdvancedRoutes(app: FastifyInstance): Promise<void> {
  app.get(ADVANCED_URL, async (request, reply) => {
    requireSuperadmin(request.viewer);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('admin/advanced/Index', {
      response: takeResponse(request),
      title: ADVANCED_MESSAGES.title,
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: ADVANCED_MESSAGES.title }],
    });
  });

  app.post(ADVANCED_URL, async (request, reply) => {
    requireSuperadmin(request.viewer);
    const body = advancedBody.safeParse(request.body ?? {});
    if (!body.success) {
      const given = (request.body as { action?: unknown } | undefined)?.action;
      keepResponse(request, `Refused: ${typeof given === 'string' && given !== '' ? `'${given.slice(0, 100)}' is not an action` : 'no action was given'}. ${ADVANCED_MESSAGES.unknownAction}`);
      return reply.redirectWithErrors({ action: ADVANCED_MESSAGES.unknownAction }, ADVANCED_URL);
    }
    keepResponse(request, await runAndReport(request, body.data.action));
    return reply.redirect(ADVANCED_URL, 303);
  });

  app.get(LOG_VIEWER_URL, showLogViewer);
}
