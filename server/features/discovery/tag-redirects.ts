/**
 * /tag/{label} of a merged tag (docs/decisions/curation.md "Merging tags and taxonomies as CSV"): the label is kept in
 * tag_label_redirects with the tag it was merged into, and its page leads there. Asked only when no tag the viewer can
 * see has the label (a real tag wins), and it leads only to a tag the viewer can see, so it shows nothing the viewer's
 * own /tag pages would not: for anyone else the old label stays a 404, as any unknown label.
 */
import { eq } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { Database } from '../../db/client';
import { tagLabelRedirects } from '../../db/schema';
import type { TagCatalogue } from './tag-catalogue';

/** The path /tag/{lowercased label} leads to for this viewer's catalogue, or null (404). */
export async function redirectedTagPath(db: Database, catalogue: TagCatalogue, lowercasedLabel: string): Promise<string | null> {
  const [redirect] = await db
    .select({ targetTagId: tagLabelRedirects.targetTagId })
    .from(tagLabelRedirects)
    .where(eq(tagLabelRedirects.label, lowercasedLabel));
  if (!redirect) return null;
  const target = catalogue.taxonomies.flatMap((taxonomy) => taxonomy.tags).find((tag) => tag.id === redirect.targetTagId);
  return target ? ROUTES.tag.path({ label: target.label.toLowerCase() }) : null;
}
