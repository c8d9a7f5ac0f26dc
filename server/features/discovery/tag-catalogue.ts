import type { FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tag, Taxonomy } from '../../../shared/items';
import { canSeeTaxonomy, effectiveLevel, isAdmin, isSignedIn, listableItemsCondition, sharesAddressedTo, type Viewer } from '../../access/policy';
import { treeOrder } from '../../lib/tree-order';
import type { Database } from '../../db/client';
import { items, itemTags, shares, tags, taxonomies } from '../../db/schema';
import { cachedReadsFor, rememberList } from './library-cache';
import { TAG_LABEL_SIMILARITY, trigramSimilarity } from '../../items';

export interface CatalogueTag extends Tag {
  id: number;
  parentId: number | null;
  taxonomyId: number;
}

export interface CatalogueTaxonomy extends Omit<Taxonomy, 'tags'> {
  id: number;
  tags: CatalogueTag[];
}

/** The taxonomies and tags a viewer may see, with lookups the index pages need. */
export class TagCatalogue {
  private readonly byRef = new Map<string, CatalogueTag>();
  private readonly childIds = new Map<number, number[]>();

  constructor(readonly taxonomies: CatalogueTaxonomy[]) {
    for (const tag of taxonomies.flatMap((taxonomy) => taxonomy.tags)) {
      this.byRef.set(tag.ref, tag);
      if (tag.parentId !== null) this.childIds.set(tag.parentId, [...(this.childIds.get(tag.parentId) ?? []), tag.id]);
    }
  }

  tag(ref: string): CatalogueTag | undefined {
    return this.byRef.get(ref);
  }

  /** A tag in a visible taxonomy by its lowercased label (/tag/{label}); the first taxonomy wins a clash. */
  tagByLabel(lowercasedLabel: string): CatalogueTag | undefined {
    for (const taxonomy of this.taxonomies) {
      const tag = taxonomy.tags.find((candidate) => candidate.label.toLowerCase() === lowercasedLabel);
      if (tag) return tag;
    }
    return undefined;
  }

  taxonomyOf(tag: CatalogueTag): CatalogueTaxonomy {
    return this.taxonomies.find((taxonomy) => taxonomy.id === tag.taxonomyId)!;
  }

  /** The tag and every tag below it: a parent tag filter also finds items tagged with its children. */
  withDescendants(tagId: number): number[] {
    const found = [tagId];
    for (let index = 0; index < found.length; index += 1) {
      for (const child of this.childIds.get(found[index]) ?? []) if (!found.includes(child)) found.push(child);
    }
    return found;
  }

  /**
   * The selected tags that apply: known, visible refs, each once. Several tags of one taxonomy are a union (decisions:
   * "Finding things"), so a single-select taxonomy may have several too: Resources or Training.
   */
  selection(refs: readonly string[]): CatalogueTag[] {
    const selected: CatalogueTag[] = [];
    for (const tag of refs.map((ref) => this.tag(ref))) if (tag && !selected.includes(tag)) selected.push(tag);
    return selected;
  }

  /** Ids of the tags whose label is close to a search (whole label, a slip or two allowed), with the tags below them. */
  tagIdsMatching(plainSearch: string): number[] {
    const found = new Set<number>();
    for (const tag of this.taxonomies.flatMap((taxonomy) => taxonomy.tags)) {
      if (trigramSimilarity(plainSearch, tag.label) >= TAG_LABEL_SIMILARITY) for (const id of this.withDescendants(tag.id)) found.add(id);
    }
    return [...found];
  }
}

/**
 * The selected tags as filter groups, one per taxonomy in selection order, each the ids an item may carry to pass it:
 * a tag or any below it, of any selected tag of that taxonomy (OR within a taxonomy; the groups combine with AND).
 */
export function filterGroups(catalogue: TagCatalogue, selected: readonly CatalogueTag[]): { taxonomyId: number; tagIds: number[] }[] {
  const groups = new Map<number, Set<number>>();
  for (const tag of selected) {
    const ids = groups.get(tag.taxonomyId) ?? new Set<number>();
    for (const id of catalogue.withDescendants(tag.id)) ids.add(id);
    groups.set(tag.taxonomyId, ids);
  }
  return [...groups].map(([taxonomyId, ids]) => ({ taxonomyId, tagIds: [...ids] }));
}

/** The catalogue for this request's viewer, from the library cache when it holds its taxonomies. */
export async function requestTagCatalogue(request: FastifyRequest): Promise<TagCatalogue> {
  const visible = await rememberList(await cachedReadsFor(request), request.viewer, 'tag-catalogue', (as) => visibleTaxonomies(request.server.db, as));
  return catalogueOf(visible);
}

// The cache holds plain data (it may come from another instance); the lookups are built once per cached entry.
const cataloguesOfEntries = new WeakMap<CatalogueTaxonomy[], TagCatalogue>();

function catalogueOf(visible: CatalogueTaxonomy[]): TagCatalogue {
  let catalogue = cataloguesOfEntries.get(visible);
  if (!catalogue) {
    catalogue = new TagCatalogue(visible);
    cataloguesOfEntries.set(visible, catalogue);
  }
  return catalogue;
}

/** Filter tags with an item this request's viewer may list (`tagIdsInUse`), from the library cache when it holds them. */
export async function requestTagIdsInUse(request: FastifyRequest): Promise<Set<number>> {
  return rememberList(await cachedReadsFor(request), request.viewer, 'tags-in-use', (as) => tagIdsInUse(request.server.db, as));
}

export async function loadTagCatalogue(db: Database, viewer: Viewer): Promise<TagCatalogue> {
  return new TagCatalogue(await visibleTaxonomies(db, viewer));
}

/** The taxonomies this viewer may see, with their tags in tree order. */
async function visibleTaxonomies(db: Database, viewer: Viewer): Promise<CatalogueTaxonomy[]> {
  const [taxonomyRows, tagRows] = await Promise.all([
    db.select().from(taxonomies).orderBy(asc(taxonomies.position), asc(taxonomies.id)),
    db.select().from(tags).orderBy(asc(tags.position), asc(tags.id)),
  ]);
  const visible = taxonomyRows.filter((taxonomy) => canSeeTaxonomy(viewer, taxonomy));
  return visible.map((taxonomy) => ({
    id: taxonomy.id,
    ref: taxonomy.ref,
    title: taxonomy.title,
    usage_note: taxonomy.usageNote,
    required: taxonomy.required,
    multiselect: taxonomy.multiselect,
    public: taxonomy.public,
    show_in_filtering: taxonomy.showInFiltering,
    tags: catalogueTags(tagRows.filter((tag) => tag.taxonomyId === taxonomy.id)),
  }));
}

type TagRow = typeof tags.$inferSelect;

/** Parents first, each followed by its children, so selects read as a tree. */
function catalogueTags(rows: TagRow[]): CatalogueTag[] {
  return treeOrder(rows).map(({ row, parent }) => catalogueTag(row, parent));
}

function catalogueTag(row: TagRow, parent: TagRow | undefined): CatalogueTag {
  return { id: row.id, parentId: parent ? parent.id : null, taxonomyId: row.taxonomyId, ...tagFields(row, parent) };
}

/** A tag as pages show it; fullLabel is 'Parent > Child'. */
export function tagFields(row: TagRow, parent: TagRow | undefined): Tag {
  return {
    ref: row.ref,
    label: row.label,
    parentLabel: parent?.label ?? null,
    parentRef: parent?.ref ?? null,
    fullLabel: parent ? `${parent.label} > ${row.label}` : row.label,
    force_show_in_filtering: row.forceShowInFiltering,
  };
}

/**
 * Ids of the tags that have at least one item this viewer may list. Asked tag by tag through item_tags'
 * (tag_id, item_listing_level) index, so each question stops at the first such item, and a tag whose items are all
 * above the viewer's level is an empty range instead of a walk through every item carrying it (1.2 s for a visitor at
 * 1,000,000 items, now 4 ms). Only for a tag not in use at their level is a signed-in viewer's own and shared items
 * asked about, through the tag's own item_tags rows. The policy's condition decides every item either way.
 */
export async function tagIdsInUse(db: Database, viewer: Viewer): Promise<Set<number>> {
  const listable = listableItemsCondition(viewer);
  if (isAdmin(viewer))
    return tagIdsWhere(
      db,
      probe(
        db
          .select({ one: sql`1` })
          .from(itemTags)
          .where(eq(itemTags.tagId, tags.id)),
      ),
    );
  const atLevel = db
    .select({ one: sql`1` })
    .from(itemTags)
    .innerJoin(items, eq(items.id, itemTags.itemId))
    .where(and(eq(itemTags.tagId, tags.id), lte(itemTags.itemListingLevel, effectiveLevel(viewer)), listable));
  if (!isSignedIn(viewer)) return tagIdsWhere(db, probe(atLevel));
  const sharedWithViewer = db.select({ itemId: shares.itemId }).from(shares).where(sharesAddressedTo(viewer));
  const ownOrShared = sql`select 1 from (select ${itemTags.itemId} as item_id from ${itemTags} where ${itemTags.tagId} = ${tags.id} offset 0) as taggings
    join ${items} on ${items.id} = taggings.item_id
    where ${and(or(eq(items.createdByUserId, viewer.id), inArray(items.id, sharedWithViewer)), listable)}`;
  return tagIdsWhere(db, or(probe(atLevel), probe(ownOrShared)));
}

/**
 * SQL: `exists (query offset 0)`. The offset keeps each tag's question a probe of its own, started from item_tags:
 * flattened into a join, or started from the viewer's items, the planner read every tagging or every item the
 * viewer maintains (0.7 s and 2.5 s at 1,000,000 items).
 */
function probe(query: SQLWrapper): SQL {
  return sql`exists (${query} offset 0)`;
}

async function tagIdsWhere(db: Database, condition: SQL | undefined): Promise<Set<number>> {
  const rows = await db.select({ tagId: tags.id }).from(tags).where(condition);
  return new Set(rows.map((row) => row.tagId));
}

/**
 * Filters offered on the index (decisions: "Items"): taxonomies shown in filtering, each with the
 * tags that lead somewhere for this viewer (a listable item carries the tag or one below it),
 * tags forced to show, and the tags already selected.
 */
export function filterTaxonomies(catalogue: TagCatalogue, inUse: Set<number>, selected: readonly CatalogueTag[]): Taxonomy[] {
  const selectedIds = new Set(selected.map((tag) => tag.id));
  const leadsSomewhere = (tag: CatalogueTag) => catalogue.withDescendants(tag.id).some((id) => inUse.has(id));
  return catalogue.taxonomies
    .filter((taxonomy) => taxonomy.show_in_filtering)
    .map((taxonomy) => ({
      ...toTaxonomy(taxonomy),
      tags: taxonomy.tags.filter((tag) => tag.force_show_in_filtering || selectedIds.has(tag.id) || leadsSomewhere(tag)).map(toTag),
    }))
    .filter((taxonomy) => taxonomy.tags.length > 0);
}

export function requiredTaxonomies(catalogue: TagCatalogue): Taxonomy[] {
  return catalogue.taxonomies.filter((taxonomy) => taxonomy.required).map((taxonomy) => ({ ...toTaxonomy(taxonomy), tags: taxonomy.tags.map(toTag) }));
}

/** Every taxonomy with its tags: a batch edit's tag choice. */
export function allTaxonomies(catalogue: TagCatalogue): Taxonomy[] {
  return catalogue.taxonomies.map((taxonomy) => ({ ...toTaxonomy(taxonomy), tags: taxonomy.tags.map(toTag) }));
}

export function toTag({ ref, label, parentLabel, parentRef, fullLabel, force_show_in_filtering }: CatalogueTag): Tag {
  return { ref, label, parentLabel, parentRef, fullLabel, force_show_in_filtering };
}

function toTaxonomy({ ref, title, usage_note, required, multiselect, public: isPublic, show_in_filtering }: CatalogueTaxonomy): Omit<Taxonomy, 'tags'> {
  return { ref, title, usage_note, required, multiselect, public: isPublic, show_in_filtering };
}

/**
 * SQL: the item carries one of these tags (a filter group of `filterGroups`), as the search's GIN index knows it:
 * `items.filter_keys` (migration 0042) holds the item's tag ids beside its listing keys, and the index holds them
 * beside the words, so the tags, the words and who may list the item are read in one scan of it.
 */
export function taggedWithAny(tagIds: readonly number[]): SQL {
  return carriesAnyTag(items.filterKeys, tagIds);
}

/** SQL: the item carries one tag of every filter group, through the search's GIN index (`taggedWithAny`). */
export function taggedWithEveryGroup(groups: readonly (readonly number[])[]): SQL | undefined {
  return and(...groups.map((group) => taggedWithAny(group)));
}

/** SQL: the tag id array `tagIdsColumn` holds one tag of every group (filter groups: OR within, AND across). */
export function carriesTagOfEveryGroup(tagIdsColumn: SQLWrapper, groups: readonly (readonly number[])[]): SQL | undefined {
  return and(...groups.map((group) => carriesAnyTag(tagIdsColumn, group)));
}

/** SQL: the tag id array `tagIdsColumn` (items.tag_ids, or a subquery's copy of it) holds one of `tagIds`. */
export function carriesAnyTag(tagIdsColumn: SQLWrapper, tagIds: readonly number[]): SQL {
  const ids = sql.join(
    tagIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`${tagIdsColumn} && array[${ids}]::integer[]`;
}
