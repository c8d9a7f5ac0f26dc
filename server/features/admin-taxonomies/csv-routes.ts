/**
 * A taxonomy as CSV: GET /admin/taxonomy/{ref}/csv downloads its tags; /admin/taxonomy/{ref}/import
 * shows the import form (GET), and a POST of the file's text answers with the preview of what it changes, or, with the
 * preview's fingerprint, applies it and returns to the taxonomy. Admins only (the admin area's guard, server/app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROUTES } from '../../../shared/routes';
import { ADMIN_TAXONOMIES_TITLE, TAXONOMY_MESSAGES } from '../../../shared/taxonomies-admin';
import { ADMIN_TAXONOMIES_URL } from '../../../shared/navigation';
import { csvImportSummary, TAXONOMY_CSV_MAX_CHARS, TAXONOMY_CSV_MESSAGES, TAXONOMY_CSV_TEXTS, type TaxonomyCsvPreview } from '../../../shared/taxonomy-csv';
import { loaded, loads } from '../../access/record-guard';
import { booleanInput } from '../../lib/form-input';
import { formBody, paramsOf } from '../../lib/validation';
import { taxonomyCsv, taxonomyCsvFileName } from './csv-export';
import { applyImport, previewImport } from './csv-import';
import { findTaxonomyByRef, taxonomyTagRows, unlessTaken } from './queries';

const importBody = formBody({
  csv: z
    .string({ error: TAXONOMY_CSV_MESSAGES.fileRequired })
    .min(1, { error: TAXONOMY_CSV_MESSAGES.fileRequired })
    .max(TAXONOMY_CSV_MAX_CHARS, { error: TAXONOMY_CSV_MESSAGES.tooLarge }),
  delete_missing: z.preprocess(booleanInput, z.boolean()).catch(false).default(false),
  /** The preview's fingerprint: present, the import is applied if it still plans exactly that. */
  fingerprint: z.string().max(100).catch('').default(''),
});

/** The taxonomy exported or imported: any admin may (the admin area's rule). */
const csvTaxonomy = loads('taxonomy', findTaxonomyByRef);

export const taxonomyCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ROUTES.adminTaxonomyCsv.pattern, { preValidation: csvTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyCsv) } }, async (request, reply) => {
    const taxonomy = loaded(request, csvTaxonomy);
    const csv = taxonomyCsv(await taxonomyTagRows(app.db, taxonomy.id));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${taxonomyCsvFileName(taxonomy.title)}"`)
      .send(csv);
  });

  const importPage = (taxonomy: { ref: string; title: string }, preview: TaxonomyCsvPreview | null) => ({
    taxonomy: { ref: taxonomy.ref, title: taxonomy.title },
    preview,
    maxChars: TAXONOMY_CSV_MAX_CHARS,
    title: TAXONOMY_CSV_TEXTS.title(taxonomy.title),
    breadcrumbs: [
      { label: 'Admin', href: '/admin' },
      { label: ADMIN_TAXONOMIES_TITLE, href: ADMIN_TAXONOMIES_URL },
      { label: taxonomy.title, href: ROUTES.adminTaxonomy.path({ ref: taxonomy.ref }) },
      { label: TAXONOMY_CSV_TEXTS.import },
    ],
  });

  app.get(
    ROUTES.adminTaxonomyImport.pattern,
    { preValidation: csvTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyImport) } },
    async (request, reply) => {
      const taxonomy = loaded(request, csvTaxonomy);
      return reply.inertia('admin/taxonomy/Import', importPage(taxonomy, null));
    },
  );

  app.post(
    ROUTES.adminTaxonomyImport.pattern,
    { preValidation: csvTaxonomy, schema: { params: paramsOf(ROUTES.adminTaxonomyImport), body: importBody } },
    async (request, reply) => {
      const taxonomy = loaded(request, csvTaxonomy);
      const back = ROUTES.adminTaxonomyImport.path({ ref: taxonomy.ref });
      const { csv, delete_missing: deleteMissing, fingerprint } = request.body;
      if (fingerprint === '') {
        const result = await previewImport(app.db, taxonomy.id, csv, deleteMissing);
        if (!result.ok) return reply.redirectWithErrors({ csv: result.message }, back);
        // The preview is this POST's answer (nothing was written): Apply sends the same file with its fingerprint.
        return reply.inertia('admin/taxonomy/Import', importPage(taxonomy, result.preview));
      }
      // Labels are compared as JavaScript lowercases them; the unique index uses PostgreSQL's lower(), which may join
      // two labels JavaScript keeps apart (rare letters): that clash is answered like any taken label, never a 500.
      const applied = await unlessTaken(() => applyImport(app.db, taxonomy.id, csv, deleteMissing, fingerprint));
      if (applied === 'taken') return reply.redirectWithErrors({ csv: TAXONOMY_MESSAGES.labelTaken }, back);
      if (!applied.ok) return reply.redirectWithErrors({ csv: applied.message }, back);
      reply.notify(TAXONOMY_CSV_MESSAGES.imported(csvImportSummary(applied.preview)));
      return reply.redirect(ROUTES.adminTaxonomy.path({ ref: taxonomy.ref }), 303);
    },
  );
};
