/** The item's tags, grouped by taxonomy, and the taxonomies editors pick tags from. */
import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ItemTagGroup, Tag, Taxonomy } from '../../../shared/items';
import { canSeeTaxonomy, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { jsonArray, jsonObject } from '../../db/json';
import { itemTags, tags, taxonomies } from '../../db/schema';
import { loadTagCatalogue, toTag } from '../discovery';

const parentTag = alias(tags, 'parent_tag');

interface ItemTagRow {
  ref: string;
  label: string;
  forceShowInFiltering: boolean;
  parentLabel: string | null;
  parentRef: string | null;
  taxonomyRef: string;
  taxonomyTitle: string;
  taxonomyPublic: boolean;
}

/** SQL: the item's tags as JSON with their taxonomies, in taxonomy then tag order. */
export function itemTagsSql(itemId: SQLWrapper): SQL {
  return jsonArray(
    jsonObject({
      ref: tags.ref,
      label: tags.label,
      forceShowInFiltering: tags.forceShowInFiltering,
      parentLabel: parentTag.label,
      parentRef: parentTag.ref,
      taxonomyRef: taxonomies.ref,
      taxonomyTitle: taxonomies.title,
      taxonomyPublic: taxonomies.public,
    }),
    sql`from ${itemTags}
      inner join ${tags} on ${eq(tags.id, itemTags.tagId)}
      inner join ${taxonomies} on ${eq(taxonomies.id, tags.taxonomyId)}
      left join ${tags} as ${parentTag} on ${eq(parentTag.id, tags.parentId)}
      where ${eq(itemTags.itemId, itemId)}`,
    [asc(taxonomies.position), asc(taxonomies.id), asc(tags.position), asc(tags.label)],
  );
}

/** The item's tags in taxonomies the viewer may see, grouped by taxonomy. */
export function readItemTags(viewer: Viewer, json: unknown): { tags: Tag[]; groups: ItemTagGroup[] } {
  const groups = new Map<string, ItemTagGroup>();
  for (const row of (json as ItemTagRow[]).filter((candidate) => canSeeTaxonomy(viewer, { public: candidate.taxonomyPublic }))) {
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
