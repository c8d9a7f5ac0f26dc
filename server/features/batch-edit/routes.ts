/**
 * Batch edits (issue 19 §1), JSON for the batch edit dialog: POST /batch-edit/preview (a dry run), POST /batch-edit
 * (applies; a large batch a chunk at a time, each later chunk naming the batch), POST /batch-edit/{batch}/undo. Signed-in viewers; each item is changed only as editing it allows, so a
 * member's batch of items they do not maintain changes nothing and says so. Bad input: 422 with `errors`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { BATCH_EDIT_URL, BATCH_MAX_ITEMS, BATCH_PREVIEW_URL } from '../../../shared/batch-edit';
import { ROUTES } from '../../../shared/routes';
import { signedIn, signedInViewer } from '../../access/guards';
import { resolveAction } from './action';
import { applyBatch, previewBatch } from './batch';
import { matchingItemRefs } from '../discovery';
import { batchEditBody, batchParams, type BatchEditBody } from './schemas';
import { continuingRefusal, undoBatch } from './undo';

/** The refs sent, or every item the listing matches for the viewer (the discovery feature's own condition). */
async function selectedRefs(request: FastifyRequest, body: BatchEditBody): Promise<string[]> {
  if (body.refs) return body.refs;
  const { listing, search, tags } = body.matching!;
  return matchingItemRefs(request, listing, { search, tags }, BATCH_MAX_ITEMS);
}

export const batchEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { preValidation: signedIn, schema: { body: batchEditBody } };

  app.post(BATCH_PREVIEW_URL, options, async (request, reply) => {
    const resolved = await resolveAction(app.db, request.viewer, request.body.action);
    if (!resolved.ok) return reply.code(422).send({ errors: resolved.errors });
    return previewBatch(app.db, request.viewer, resolved.action, await selectedRefs(request, request.body));
  });

  app.post(BATCH_EDIT_URL, options, async (request, reply) => {
    const resolved = await resolveAction(app.db, request.viewer, request.body.action);
    if (!resolved.ok) return reply.code(422).send({ errors: resolved.errors });
    const { batch } = request.body;
    const refused = batch ? await continuingRefusal(app.db, signedInViewer(request), batch) : null;
    if (refused) return reply.code(422).send({ errors: { batch: refused } });
    return applyBatch(app.db, request.viewer, resolved.action, await selectedRefs(request, request.body), batch);
  });

  app.post(ROUTES.batchEditUndo.pattern, { preValidation: signedIn, schema: { params: batchParams } }, async (request, reply) => {
    const answer = await undoBatch(app.db, request.viewer, request.params.batch);
    if (!answer.ok) return reply.code(422).send({ errors: { batch: answer.message } });
    return answer.result;
  });
};
