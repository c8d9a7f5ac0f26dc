/**
 * Batch edits, JSON for the batch edit dialog: POST /batch-edit/preview (a dry run), POST /batch-edit
 * (applies; a large batch a chunk at a time, each later chunk naming the batch), POST /batch-edit/{batch}/undo. Signed-in viewers; each item is changed only as editing it allows, so a
 * member's batch of items they do not maintain changes nothing and says so. Bad input: 422 with `errors`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { BATCH_EDIT_URL, BATCH_MAX_ITEMS, BATCH_PREVIEW_URL, type MatchingRun } from '../../../shared/batch-edit';
import { ROUTES } from '../../../shared/routes';
import { signedIn, signedInViewer } from '../../access/guards';
import { resolveAction } from './action';
import { applyBatch, previewBatch } from './batch';
import { matchingItemRun } from '../discovery';
import { batchEditBody, batchParams, type BatchEditBody } from './schemas';
import { continuingRefusal, findRecordedBatch, mayUndoRecordedBatch, undoBatch } from './undo';
import { loaded, loads } from '../../access/record-guard';

/** A batch id as the dialog makes them (a UUID); anything else is left to the params schema. */
const BATCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const undoneBatch = loads('batch', (db, batch) => findRecordedBatch(db, batch), {
  param: 'batch',
  pattern: BATCH_ID,
  may: mayUndoRecordedBatch,
  rule: 'canUndoBatch (its author or an admin)',
});

/**
 * The refs sent, or a run of the items the listing matches for the viewer (the discovery feature's own condition):
 * at most BATCH_MAX_ITEMS, with where they stand among all that match.
 */
async function selected(request: FastifyRequest, body: BatchEditBody): Promise<{ refs: string[]; matching: MatchingRun | null }> {
  if (body.refs) return { refs: body.refs, matching: null };
  const { listing, search, tags, after } = body.matching!;
  const { refs, run } = await matchingItemRun(request, listing, { search, tags }, BATCH_MAX_ITEMS, after ?? null);
  return { refs, matching: run };
}

export const batchEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { preValidation: signedIn, schema: { body: batchEditBody } };

  app.post(BATCH_PREVIEW_URL, options, async (request, reply) => {
    const resolved = await resolveAction(app.db, request.viewer, request.body.action);
    if (!resolved.ok) return reply.code(422).send({ errors: resolved.errors });
    const { refs, matching } = await selected(request, request.body);
    return { ...(await previewBatch(app.db, request.viewer, resolved.action, refs)), matching };
  });

  app.post(BATCH_EDIT_URL, options, async (request, reply) => {
    const resolved = await resolveAction(app.db, request.viewer, request.body.action);
    if (!resolved.ok) return reply.code(422).send({ errors: resolved.errors });
    const { batch } = request.body;
    const refused = batch ? await continuingRefusal(app.db, signedInViewer(request), batch) : null;
    if (refused) return reply.code(422).send({ errors: { batch: refused } });
    return applyBatch(app.db, request.viewer, resolved.action, (await selected(request, request.body)).refs, batch);
  });

  app.post(ROUTES.batchEditUndo.pattern, { preValidation: [signedIn, undoneBatch], schema: { params: batchParams } }, async (request, reply) => {
    const answer = await undoBatch(app.db, request.viewer, loaded(request, undoneBatch), new Date(), app.config.TIME_ZONE);
    if (!answer.ok) return reply.code(422).send({ errors: { batch: answer.message } });
    return answer.result;
  });
};
