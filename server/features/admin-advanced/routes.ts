/**
 * Admin Advanced: the superadmin's maintenance actions and
 * Server Logs. POST /admin/advanced starts one action off the request (runs.ts), waits a few seconds for it and
 * redirects back: an action that ended shows its report in the response box (the `response` prop), once; one still
 * running is the page's `run`, which it polls for progress until the report is there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADVANCED_CHANGES,
  ADVANCED_MESSAGES,
  ADVANCED_RECENT_RUNS,
  ADVANCED_URL,
  isAdvancedAction,
  LOG_VIEWER_URL,
  type AdvancedAction,
  type AdvancedRunView,
} from '../../../shared/advanced';
import { allowedBy, guardEveryRoute } from '../../access/guards';
import { canUseAdvanced } from '../../access/policy';
import { recordEvent } from '../history';
import { notFound } from '../../lib/http-errors';
import { organisationMemberLevel } from '../drive-health';
import { imagesDirIn } from '../images';
import { runAdvancedAction, type AdvancedContext } from './actions';
import { logFilePath, readLogTail, TAIL_BYTES } from './log-file';
import { renderLogViewer } from './log-viewer';
import { findRun, lastChecks, markInterruptedRuns, recentRuns, startRun, type ProgressLine } from './runs';
import { advancedBody, advancedQuery, logViewerQuery } from './schemas';

declare module 'fastify' {
  interface Session {
    /** A refusal to show once on the next page (an unknown action). */
    advancedResponse?: string;
    /** The run this admin started last, followed by the page until its report has been shown. */
    advancedRunId?: number;
  }
}

/** Longest report kept for the next page (a capped listing fits well within it). */
const RESPONSE_MAX_CHARS = 300_000;

/** Actions that change data or drive files: recorded in the history. */
const CHANGING_ACTIONS: ReadonlySet<AdvancedAction> = new Set<AdvancedAction>([
  'clear_running_deployment_tasks',
  'clear_failed_deployment_tasks',
  'update-search-indexes',
  'check-external-links',
  'wrong-drive-sharing-permissions-fix',
  'wrong-drive-folder-names-fix',
  'orphaned-drive-files-fix',
  'missing-drive-file-format-attributes',
  'missing-drive-file-size-attribute',
]);

function takeResponse(request: FastifyRequest): string {
  const response = request.session.get('advancedResponse');
  if (response !== undefined) request.session.set('advancedResponse', undefined);
  return response ?? '';
}

function keepResponse(request: FastifyRequest, text: string): void {
  const kept =
    text.length > RESPONSE_MAX_CHARS
      ? `${text.slice(0, RESPONSE_MAX_CHARS)}\n\n… (report cut at ${RESPONSE_MAX_CHARS.toLocaleString('en-GB')} characters)`
      : text;
  request.session.set('advancedResponse', kept);
}

/** The context of one run; the link check always uses the strict SSRF policy here. */
function advancedContext(app: FastifyInstance, progress: ProgressLine): AdvancedContext {
  const config = app.config;
  const now = new Date();
  return {
    db: app.db,
    drive: app.drive,
    now,
    appName: config.APP_NAME,
    environment: config.NODE_ENV,
    linkCheckDeadline: Date.now() + config.ADVANCED_LINK_CHECK_MAX_MINUTES * 60_000,
    progress,
    driveHealth: async () => ({
      db: app.db,
      drive: app.drive,
      imagesDir: imagesDirIn(config.DATA_DIR),
      now,
      organisationLevel: await organisationMemberLevel(app.db, config.ORGANISATION_USER_TYPE),
    }),
  };
}

/** Starts the action off the request (or joins its run under way); changing actions are audited when they end. */
function startAdvancedRun(request: FastifyRequest, action: AdvancedAction) {
  const app = request.server;
  const actorUserId = request.viewer.id;
  return startRun({
    db: app.db,
    log: app.log,
    action,
    actorUserId,
    work: async (progress) => {
      const report = await runAdvancedAction(action, advancedContext(app, progress));
      if (CHANGING_ACTIONS.has(action)) {
        await recordEvent(app.db, { kind: `advanced:${action}`, actorUserId, subjectUserId: null, details: { action } });
      }
      return report;
    },
  });
}

/** Waits for `ended` at most `seconds`; answers whether it ended. */
async function endedWithin(ended: Promise<void>, seconds: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), seconds * 1000);
  });
  try {
    return await Promise.race([ended.then(() => true as const), waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the page shows of the run it follows (`?run=` or the one this session started): a run still going is the
 * `run` the page polls; an ended one puts its report in the response box, once.
 */
async function followedRun(request: FastifyRequest, asked: number | undefined): Promise<{ run: AdvancedRunView | null; report: string | null }> {
  const id = asked ?? request.session.get('advancedRunId');
  if (id === undefined) return { run: null, report: null };
  const found = await findRun(request.server.db, id);
  if (!found) {
    if (asked !== undefined) throw notFound();
    request.session.set('advancedRunId', undefined);
    return { run: null, report: null };
  }
  const { report, ...run } = found;
  if (run.status === 'running') {
    request.session.set('advancedRunId', run.id);
    return { run, report: null };
  }
  if (request.session.get('advancedRunId') === run.id) request.session.set('advancedRunId', undefined);
  return { run: null, report: report ?? '' };
}

/** What the response box says of a value that is not an action. */
function refusedActionText(given: string): string {
  return `Refused: ${given !== '' ? `'${given}' is not an action` : 'no action was given'}. ${ADVANCED_MESSAGES.unknownAction}`;
}

export const adminAdvancedRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, allowedBy(canUseAdvanced));

  app.get(ADVANCED_URL, { schema: { querystring: advancedQuery } }, async (request, reply) => {
    await markInterruptedRuns(request.server.db);
    const followed = await followedRun(request, request.query.run);
    const kept = takeResponse(request);
    return reply.inertia('admin/advanced/Index', {
      response: followed.report ?? kept,
      run: followed.run,
      recentRuns: await recentRuns(request.server.db, ADVANCED_RECENT_RUNS),
      lastChecks: await lastChecks(request.server.db),
      title: ADVANCED_MESSAGES.title,
      breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: ADVANCED_MESSAGES.title }],
    });
  });

  app.post(ADVANCED_URL, { schema: { body: advancedBody } }, async (request, reply) => {
    const { action, confirmed } = request.body;
    if (!isAdvancedAction(action)) {
      keepResponse(request, refusedActionText(action));
      return reply.redirectWithErrors({ action: ADVANCED_MESSAGES.unknownAction }, ADVANCED_URL);
    }
    if (ADVANCED_CHANGES[action] && !confirmed) return reply.redirectWithErrors({ action: ADVANCED_MESSAGES.confirmFirst }, ADVANCED_URL);
    const started = await startAdvancedRun(request, action);
    if (!started.joined) await endedWithin(started.ended, request.server.config.ADVANCED_ACTION_WAIT_SECONDS);
    request.session.set('advancedRunId', started.id);
    return reply.redirect(ADVANCED_URL, 303);
  });

  app.get(LOG_VIEWER_URL, { schema: { querystring: logViewerQuery } }, async (request, reply) => {
    const config = request.server.config;
    const file = logFilePath(config);
    const tail = file ? await readLogTail(file) : null;
    const page = renderLogViewer({ appName: config.APP_NAME, file, tail, query: request.query, tailBytes: TAIL_BYTES });
    return reply.type('text/html; charset=utf-8').send(page);
  });
};
