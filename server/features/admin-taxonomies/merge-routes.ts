/**
 * /admin/tag/{ref}/merge: GET shows the merge form for a tag, with the impact preview of the target
 * chosen in `?into=`; POST merges. Admins only (the admin area's guard, server/app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES } from '../../../shared/routes';
import { TAG_MERGE_MESSAGES, TAG_MERGE_TEXTS } from '../../../shared/tag-merge';
import { ADMIN_TAXONOMIES_TITLE } from '../../../shared/taxonomies-admin';
import { ADMIN_TAXONOMIES_URL } from '../../../shared/navigation';
import { loaded, loads } from '../../access/record-guard';
import { REF_PATTERN } from '../../lib/ref';
import { formBody, paramsOf } from '../../lib/validation';
import { checkMergeTarget, mergePreview, mergeTag, mergeTargets } from './merge';
import { findTagByRef } from './queries';

/** `?into=`: a ref, or none (anything else reads as none). */
const mergeQuery = z.object({ into: z.string().regex(REF_PATTERN).optional().catch(undefined) });
/** The target's ref; '' (none chosen) is answered under the field. */
const mergeBody = formBody({ into: z.preprocess((input) => (typeof input === 'string' ? input.trim() : ''), z.string().max(64)) });
/** The tag to merge: any admin may merge any tag (the admin area's rule). */
const mergedTag = loads('tag', findTagByRef);

export const tagMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ROUTES.adminTagMerge.pattern,
    { preValidation: mergedTag, schema: { params: paramsOf(ROUTES.adminTagMerge), querystring: mergeQuery } },
    async (request, reply) => {
      const source = loaded(request, mergedTag);
      const into = request.query.into ?? '';
      const check = into === '' ? null : await checkMergeTarget(app.db, source, into);
      const taxonomyPath = ROUTES.adminTaxonomy.path({ ref: source.taxonomyRef });
      return reply.inertia('admin/taxonomy/Merge', {
        tag: { ref: source.ref, label: source.label },
        taxonomy: { ref: source.taxonomyRef, title: source.taxonomyTitle },
        targets: await mergeTargets(app.db, source),
        into: check?.ok ? into : null,
        preview: check?.ok ? await mergePreview(app.db, source, check.target) : null,
        title: TAG_MERGE_TEXTS.title(source.label),
        breadcrumbs: [
          { label: 'Admin', href: '/admin' },
          { label: ADMIN_TAXONOMIES_TITLE, href: ADMIN_TAXONOMIES_URL },
          { label: source.taxonomyTitle, href: taxonomyPath },
          { label: TAG_MERGE_TEXTS.title(source.label) },
        ],
      });
    },
  );

  app.post(
    ROUTES.adminTagMerge.pattern,
    { preValidation: mergedTag, schema: { params: paramsOf(ROUTES.adminTagMerge), body: mergeBody } },
    async (request, reply) => {
      const source = loaded(request, mergedTag);
      const back = ROUTES.adminTagMerge.path({ ref: source.ref });
      const check = await checkMergeTarget(app.db, source, request.body.into);
      if (!check.ok) return reply.redirectWithErrors({ into: check.message }, back);
      const result = await mergeTag(app.db, source.id, check.target.id);
      if (result === 'gone') return reply.redirectWithErrors({ tag: TAG_MERGE_MESSAGES.gone }, ROUTES.adminTaxonomy.path({ ref: source.taxonomyRef }));
      if (result !== 'merged') return reply.redirectWithErrors({ into: result.refused }, back);
      reply.notify(TAG_MERGE_MESSAGES.merged(source.label, check.target.label));
      return reply.redirect(ROUTES.adminTaxonomy.path({ ref: source.taxonomyRef }), 303);
    },
  );
};
