/**
 * "Download my data": POST /profile/data-export asks for an archive (the periodic job prepares it and e-mails the
 * link); GET /profile/data-export/{token}, that link, downloads it, for the person it was prepared for only, signed in
 * as themself (docs/decisions/access.md "Download my data").
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATA_EXPORT_MESSAGES } from '../../../shared/data-export';
import { PROFILE_DATA_EXPORT_URL } from '../../../shared/navigation';
import { PROFILE_URL } from '../../../shared/profile';
import { ROUTES } from '../../../shared/routes';
import { allowedBy, describedAs, refusalFor, signedInViewer } from '../../access/guards';
import { canDownloadDataExport, canExportOwnData, canManageOwnProfile, isSignedIn, type Viewer } from '../../access/policy';
import { loaded, loads, type Verdict } from '../../access/record-guard';
import { impersonatorOf } from '../../auth/impersonation';
import { gone } from '../../lib/http-errors';
import { paramsOf } from '../../lib/validation';
import { perMinute } from '../../web/rate-limit';
import { archivePath, exportsDirIn } from './archive';
import { DATA_EXPORT_TOKEN_PATTERN, findExportByToken, requestDataExport, type PreparedExport } from './requests';

/** Why the viewer may not ask for their data (null: they may). */
export function cannotRequestBecause(viewer: Viewer, impersonating: boolean): string | null {
  if (canExportOwnData(viewer, impersonating)) return null;
  return impersonating ? DATA_EXPORT_MESSAGES.whileImpersonating : DATA_EXPORT_MESSAGES.needsVerifiedEmail;
}

/** Route option: the policy's rule for asking, with the reason as the 403's words (the sign-in hint for visitors). */
const mayExportOwnData = describedAs(canExportOwnData.name, async (request: FastifyRequest): Promise<void> => {
  const reason = cannotRequestBecause(request.viewer, impersonatorOf(request) !== null);
  if (reason !== null) throw refusalFor(request.viewer, reason);
});

/** Route option of the link: a visitor is sent to sign in, and brought back to the link afterwards. */
const signInFirst = describedAs('signed in (visitors are sent to sign in, then back)', async (request: FastifyRequest, reply: FastifyReply) => {
  if (isSignedIn(request.viewer)) return undefined;
  reply.notify(DATA_EXPORT_MESSAGES.signInFirst, 'info');
  return reply.redirect(`/login?${new URLSearchParams({ return_to: request.url.split('?')[0]! })}`);
});

/**
 * The archive a link names, for the person it was prepared for: anyone else, or someone acting as them, is answered
 * as for a token that names nothing (404), so a forwarded link tells its holder nothing.
 */
async function findOwnExport(db: FastifyRequest['server']['db'], token: string, request: FastifyRequest): Promise<PreparedExport | null> {
  const found = await findExportByToken(db, token);
  return found && canDownloadDataExport(request.viewer, found, impersonatorOf(request) !== null) ? found : null;
}

/** A link works until its archive expires (410 after). */
const stillReady = (_viewer: Viewer, found: PreparedExport): Verdict => found.state === 'ready' || 'gone';

const ownExport = loads('data export', findOwnExport, {
  param: 'token',
  pattern: DATA_EXPORT_TOKEN_PATTERN,
  may: stillReady,
  rule: 'canDownloadDataExport (404 otherwise) + unexpired (410)',
  goneDetail: () => DATA_EXPORT_MESSAGES.linkExpired,
});

/** 'equip-data-2026-05-04.zip': the day the archive was prepared, in the organisation's time zone. */
function archiveFileName(readyAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(readyAt);
  return `equip-data-${day}.zip`;
}

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = exportsDirIn(app.config.DATA_DIR);

  app.post(
    PROFILE_DATA_EXPORT_URL,
    {
      // Preparing an archive reads all of a person's rows: a few a day is plenty (requestDataExport), and this keeps a
      // script from hammering even the refusals.
      config: { rateLimit: perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX) },
      preValidation: [allowedBy(canManageOwnProfile), mayExportOwnData],
    },
    async (request, reply) => {
      const outcome = await requestDataExport(app.db, signedInViewer(request).id);
      if (outcome === 'requested') reply.notify(DATA_EXPORT_MESSAGES.requested);
      else if (outcome === 'already-preparing') reply.notify(DATA_EXPORT_MESSAGES.alreadyPreparing, 'warning');
      else reply.notify(DATA_EXPORT_MESSAGES.tooMany, 'warning');
      return reply.redirect(PROFILE_URL, 303);
    },
  );

  app.get(
    ROUTES.profileDataExport.pattern,
    {
      preValidation: [signInFirst, ownExport],
      schema: { params: paramsOf(ROUTES.profileDataExport, { token: z.string().regex(DATA_EXPORT_TOKEN_PATTERN) }) },
    },
    async (request, reply) => {
      const found = loaded(request, ownExport);
      const file = archivePath(dir, found.ref);
      const size = await stat(file).then(
        (stats) => stats.size,
        () => null,
      );
      if (size === null) {
        // Ready but not on this disk: swept early, or DATA_DIR is not shared by every instance.
        request.log.warn({ dataExport: found.ref }, 'data export archive missing');
        throw gone(DATA_EXPORT_MESSAGES.linkExpired);
      }
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archiveFileName(found.readyAt, app.config.TIME_ZONE)}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', size)
        .send(createReadStream(file));
    },
  );
};
