/** The item's tags, grouped by taxonomy, and the taxonomies editors pick tags from. */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ItemTagGroup, Tag, Taxonomy } from '../../../shared/items';
import { canSeeTaxonomy, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { itemTags, tags, taxonomies } from '../../db/schema';
import { loadTagCatalogue, toTag } from '../discovery/tag-catalogue';

const parentTag = alias(tags, 'parent_tag');

/** The item's tags in taxonomies the viewer may see, in taxonomy then tag order. */
export async function loadItemTags(db: Database, viewer: Viewer, itemId: number): Promise<{ tags: Tag[]; groups: ItemTagGroup[] }> {
  const rows = await db
    .select({
      ref: tags.ref,
      label: tags.label,
      forceShowInFiltering: tags.forceShowInFiltering,
      parentLabel: parentTag.label,
      parentRef: parentTag.ref,
      taxonomyRef: taxonomies.ref,
      taxonomyTitle: taxonomies.title,
      taxonomyPublic: taxonomies.public,
    })
    .from(itemTags)
    .innerJoin(tags, eq(tags.id, itemTags.tagId))
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .leftJoin(parentTag, eq(parentTag.id, tags.parentId))
    .where(eq(itemTags.itemId, itemId))
    .orderBy(asc(taxonomies.position), asc(taxonomies.id), asc(tags.position), asc(tags.label));
  const groups = new Map<string, ItemTagGroup>();
  for (const row of rows.filter((candidate) => canSeeTaxonomy(viewer, { public: candidate.taxonomyPublic }))) {
    const group = groups.get(row.taxonomyRef) ?? { taxonomy: { ref: row.taxonomyRef, title: row.taxonomyTitle }, tags: [] };
    group.tags.push(tagOf(row));
    groups.set(row.taxonomyRef, group);
  }
  const grouped = [...groups.values()];
  return { tags: grouped.flatMap((group) => group.tags), groups: grouped };
}

function tagOf(row: { ref: string; label: string; forceShowInFiltering: boolean; parentLabel: string | null; parentRef: string | null }): Tag {
  return {
    ref: row.ref,
    label: row.label,
    parentLabel: row.parentLabel,
    parentRef: row.parentRef,
    fullLabel: row.parentLabel ? `${row.parentLabel} > ${row.label}` : row.label,
    force_show_in_filtering: row.forceShowInFiltering,
  };
}

/** Every taxonomy the viewer may see, with all its tags (parents before their children). */
export async function loadTaxonomiesWithTags(db: Database, viewer: Viewer): Promise<Taxonomy[]> {
  const catalogue = await loadTagCatalogue(db, viewer);
  return catalogue.taxonomies.map(({ id: _id, tags: catalogueTags, ...taxonomy }) => ({ ...taxonomy, tags: catalogueTags.map(toTag) }));
}
