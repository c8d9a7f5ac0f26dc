/**
 * The item page's parts for a viewer who may open the item (the item routes' guard, `OPENS_ITEM`): images, tags,
 * characteristics, relations, tasks (editors only), the affirmation summary, the content list, the comments and
 * the affirmation options.
 * However many of them a request wants, they come in ONE statement, each part a JSON value of its row
 * (`server/db/json.ts`), so the page costs the same few round trips whatever the item holds.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AffirmationOption, ItemCharacteristic, ItemDetail, ItemImage, ItemTagGroup, ItemTask, Relation, Tag } from '../../../shared/items';
import type { Comment } from '../../../shared/comments';
import {
  canEditItem,
  canSeeAffirmationCounts,
  canSeeItemRecordKeeping,
  canSeeItemTasks,
  canSeeMaintainer,
  canSeeMaintainerEmail,
  isAdmin,
  viewerPlaceholders,
  viewerPlaceholderValues,
  viewerSqlKind,
  type Viewer,
  type ViewerSqlKind,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { itemContentsSql, readContents, type ContentList } from '../content';
import {
  affirmationOptionsSql,
  affirmationSummarySql,
  assertViewerMayOpen,
  isItemExpiring,
  itemGrantedLevelSql,
  itemRecordQuery,
  itemSummary,
  readAffirmationOptions,
  readAffirmationSummary,
  visibilityFields,
  type AffirmationSummary,
  type ItemRecord,
} from '../../items';
import { itemCharacteristicsSql, itemImagesSql, readItemCharacteristics, readItemImages } from './detail-parts';
import { itemTasksSql, readItemTasks } from '../tasks';
import type { CachedReads } from '../discovery';
import { readRelations, relationsSql } from './relations';
import { itemTagsSql, readItemTags } from './tags';
import { itemCommentsSql, readItemComments } from '../comments';

/** What the item page loads from the database beyond the record: its two lazy props. */
export interface ItemParts {
  item: ItemDetail;
  affirmationOptions: AffirmationOption[];
}
export type ItemPartName = keyof ItemParts;

/**
 * Everything the statement's text depends on: requests of one shape share one prepared statement, which takes
 * the item, the time and the viewer's values as placeholders. The flags are the policy's answers for this
 * viewer and item, so the statement never asks the policy anything itself.
 */
interface PartsShape {
  item: boolean;
  affirmationOptions: boolean;
  /** How the policy's SQL conditions treat the viewer (`viewerSqlKind`). */
  viewer: ViewerSqlKind;
  /** `canEditItem`: characteristics without a value too. */
  editor: boolean;
  /** `canSeeItemTasks`. */
  tasks: boolean;
  /** `canSeeAffirmationCounts`. */
  counts: boolean;
  /** Found by ref, with the item's record in the same row (`openItemPage`); otherwise by id. */
  byRef: boolean;
}

const ITEM_ID = sql.placeholder('itemId');
const ITEM_REF = sql.placeholder('ref');
/** The item's id in a statement that finds it by ref: a scalar subquery PostgreSQL evaluates once. */
const ITEM_ID_BY_REF = sql`(select ${items.id} from ${items} where ${items.ref} = ${ITEM_REF})`;
const NOW = sql.placeholder('now');

/** The parts named in `wanted`, in one statement. */
export async function loadItemParts<N extends ItemPartName>(
  db: Database,
  viewer: Viewer,
  record: ItemRecord,
  wanted: Iterable<N>,
  now: Date = new Date(),
): Promise<Pick<ItemParts, N>> {
  const names = new Set<ItemPartName>(wanted);
  if (names.size === 0) return {} as Pick<ItemParts, N>;
  const shape = partsShape(viewer, record, names.has('item'), names.has('affirmationOptions'));
  const row = await itemPartsRow(db, viewer, record, shape, now);
  return readParts(viewer, record, now, shape, row) as Pick<ItemParts, N>;
}

/** What a statement for these parts must hold for this viewer and item: the policy's answers. */
function partsShape(viewer: Viewer, record: ItemRecord | null, item: boolean, affirmationOptions: boolean, byRef = false): PartsShape {
  // Before the record is read, guess that the viewer does not maintain the item; `openItemPage` checks the guess.
  const editor = record ? canEditItem(viewer, record) : isAdmin(viewer);
  return {
    item,
    affirmationOptions,
    viewer: viewerSqlKind(viewer),
    editor: item && editor,
    tasks: item && (record ? canSeeItemTasks(viewer, record) : editor),
    counts: affirmationOptions && canSeeAffirmationCounts(viewer),
    byRef,
  };
}

function sameStatement(a: PartsShape, b: PartsShape): boolean {
  return (
    a.item === b.item &&
    a.affirmationOptions === b.affirmationOptions &&
    a.viewer === b.viewer &&
    a.editor === b.editor &&
    a.tasks === b.tasks &&
    a.counts === b.counts
  );
}

/**
 * The item page of a full visit, found by ref. The parts are read only once the policy has let the viewer open the
 * item (the same 404/403/410 answers as the item routes' guard, `OPENS_ITEM`).
 * - With the library cache (`reads`): one statement brings the record and the viewer's own affirmation options; the
 *   item's other parts come from the cache, per access class and library version like lists (their tables raise the
 *   version, migrations 0002 and 0005), and are computed in a statement of their own when missing. The cache keeps
 *   the statement's raw values; they are read for this viewer, record and time on every visit.
 * - Without it: the record and every part in ONE statement. The item's own maintainer, whose parts differ, gets them
 *   again in the shape the policy asks for.
 * `withOwnView`: the visit counts as a view, which the page's counts include.
 */
export async function openItemPage(
  db: Database,
  viewer: Viewer,
  ref: string,
  now: Date = new Date(),
  reads: CachedReads | null = null,
  { withOwnView = false } = {},
): Promise<{ record: ItemRecord; parts: ItemParts }> {
  const snapshot = reads?.snapshot ?? null;
  const guessed = partsShape(viewer, null, !snapshot, true, true);
  const [row] = await partsStatement(db, guessed).execute({ ref, now: now.toISOString(), ...viewerPlaceholderValues(viewer) });
  if (!row) throw notFound();
  const found = recordOf(row);
  await assertViewerMayOpen(db, viewer, found, now);
  // The visit's own view is queued, not yet written (`view-recorder.ts`): the page counts it already.
  const record = withOwnView ? { ...found, viewCount: found.viewCount + 1, recentViewCount: found.recentViewCount + 1 } : found;
  if (reads && snapshot) {
    const { affirmationOptions } = readParts(viewer, record, now, guessed, row);
    const itemShape = partsShape(viewer, record, true, false);
    // Computed for the access class (like lists), not for this viewer: a share they got after their snapshot was read
    // must not reach the entry that everyone of their level reads.
    const forClass = snapshot.listsViewer;
    const itemRow = await reads.cache.remember(snapshot, `item-page:${record.id}:${statementName(itemShape)}`, () =>
      itemPartsRow(db, forClass, record, itemShape, now),
    );
    return { record, parts: { item: readParts(viewer, record, now, itemShape, itemRow).item!, affirmationOptions: affirmationOptions! } };
  }
  const actual = partsShape(viewer, record, true, true);
  if (!sameStatement(guessed, actual)) return { record, parts: await loadItemParts(db, viewer, record, ['item', 'affirmationOptions'], now) };
  return { record, parts: readParts(viewer, record, now, guessed, row) as ItemParts };
}

async function itemPartsRow(db: Database, viewer: Viewer, record: ItemRecord, shape: PartsShape, now: Date): Promise<Record<string, unknown>> {
  const [row] = await partsStatement(db, shape).execute({ itemId: record.id, now: now.toISOString(), ...viewerPlaceholderValues(viewer) });
  // Deleted since its record was read.
  if (!row) throw notFound();
  return row;
}

/** The part fields a parts statement may select beside the record (`prepareParts`). */
const PART_FIELDS = new Set([
  'images',
  'tags',
  'characteristics',
  'relations',
  'tasks',
  'affirmations',
  'contents',
  'grantedLevel',
  'affirmationOptions',
  'comments',
]);

function recordOf(row: Record<string, unknown>): ItemRecord {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !PART_FIELDS.has(key))) as ItemRecord;
}

function readParts(viewer: Viewer, record: ItemRecord, now: Date, shape: PartsShape, row: Record<string, unknown>): Partial<ItemParts> {
  const parts: Partial<ItemParts> = {};
  if (shape.item) {
    parts.item = itemDetail(viewer, record, now, {
      images: readItemImages(row.images),
      tags: readItemTags(viewer, row.tags),
      characteristics: readItemCharacteristics(viewer, row.characteristics),
      relations: readRelations(viewer, row.relations, now),
      tasks: shape.tasks ? readItemTasks(row.tasks, record, now) : [],
      affirmations: readAffirmationSummary(row.affirmations),
      contents: readContents(viewer, record, row.contents, row.grantedLevel as number | null),
      comments: readItemComments(viewer, row.comments, record),
    });
  }
  if (shape.affirmationOptions) parts.affirmationOptions = readAffirmationOptions(row.affirmationOptions, shape.counts);
  return parts;
}

const preparedParts = new WeakMap<Database, Map<string, ReturnType<typeof prepareParts>>>();

function statementName(shape: PartsShape): string {
  const flags = [shape.item, shape.affirmationOptions, shape.editor, shape.tasks, shape.counts, shape.byRef].map((flag) => (flag ? 1 : 0)).join('');
  return `equip_item_parts_${shape.viewer.replace('+', '_')}_${flags}`;
}

function partsStatement(db: Database, shape: PartsShape) {
  const name = statementName(shape);
  let statements = preparedParts.get(db);
  if (!statements) preparedParts.set(db, (statements = new Map()));
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = prepareParts(db, shape, name)));
  return statement;
}

/**
 * One row of JSON values, one a part, selected with the item's own row (so each part is there once). Each part
 * is nested in a fragment of its own: Drizzle writes columns at a field's top level without their table here.
 */
function prepareParts(db: Database, shape: PartsShape, name: string) {
  const viewer = viewerPlaceholders(shape.viewer);
  const itemId = shape.byRef ? ITEM_ID_BY_REF : ITEM_ID;
  const fields: Record<string, SQL> = {};
  if (shape.item) {
    // Every name here is in PART_FIELDS.
    fields.images = itemImagesSql(itemId);
    fields.tags = itemTagsSql(itemId);
    fields.characteristics = itemCharacteristicsSql(itemId, shape.editor);
    fields.relations = relationsSql(viewer, itemId, NOW);
    if (shape.tasks) fields.tasks = itemTasksSql(itemId);
    fields.affirmations = affirmationSummarySql(itemId);
    fields.contents = itemContentsSql(itemId, shape.editor);
    fields.grantedLevel = itemGrantedLevelSql(viewer, itemId, NOW);
    fields.comments = itemCommentsSql(itemId);
  }
  if (shape.affirmationOptions) fields.affirmationOptions = affirmationOptionsSql(viewer, itemId, shape.counts);
  const nested = Object.fromEntries(Object.entries(fields).map(([key, part]) => [key, sql`${part}`]));
  if (shape.byRef) return itemRecordQuery(db, eq(items.ref, ITEM_REF), nested).prepare(name);
  return db.select(nested).from(items).where(eq(items.id, ITEM_ID)).prepare(name);
}

/**
 * The page's parts, loaded together when asked for together: every part named in one synchronous stretch
 * shares one statement, which starts once that stretch is over. The Inertia adapter calls a page's lazy
 * props one after another before it awaits any (`resolveProps`), so a full visit loads `item` and
 * `affirmationOptions` in one statement, and a partial reload only the props it names. Parts `loaded` already
 * (`openItemPage`) are answered from there.
 */
export function itemPartsLoader(
  db: Database,
  viewer: Viewer,
  record: ItemRecord,
  now: Date,
  loaded: ItemParts | null = null,
): <N extends ItemPartName>(name: N) => Promise<ItemParts[N]> {
  let open: { wanted: Set<ItemPartName>; loaded: Promise<Partial<ItemParts>> } | null = null;
  return async (name) => {
    if (loaded) return loaded[name];
    if (!open) {
      const wanted = new Set<ItemPartName>();
      const loaded = Promise.resolve().then(() => {
        open = null;
        return loadItemParts(db, viewer, record, wanted, now);
      });
      open = { wanted, loaded };
    }
    open.wanted.add(name);
    return (await open.loaded)[name]!;
  };
}

interface DetailParts {
  images: ItemImage[];
  tags: { tags: Tag[]; groups: ItemTagGroup[] };
  characteristics: ItemCharacteristic[];
  relations: Relation[];
  tasks: ItemTask[];
  affirmations: AffirmationSummary;
  contents: ContentList;
  comments: Comment[];
}

function itemDetail(viewer: Viewer, record: ItemRecord, now: Date, parts: DetailParts): ItemDetail {
  const summary = itemSummary({ ...record, imageRef: parts.images[0]?.ref ?? null }, now);
  return {
    ...summary,
    authors: record.authors,
    all_images: parts.images,
    available_external_link: record.availableExternalLink,
    initial_publication_year_month: record.initialPublicationYearMonth,
    last_updated_year_month: record.lastUpdatedYearMonth,
    google_drive_folder_id: record.googleDriveFolderId,
    expires_at: record.expiresAt?.toISOString() ?? null,
    expiring: isItemExpiring(record.expiresAt, now),
    expires_note: record.expiresNote,
    ...curationFields(viewer, record),
    show_created_by: record.showCreatedBy,
    ...maintainerFields(viewer, record),
    show_as_user_contributed: record.showAsUserContributed,
    ...recordKeepingFields(viewer, record),
    ...parts.affirmations,
    tags: parts.tags.tags,
    tag_groups: parts.tags.groups,
    characteristics: parts.characteristics,
    relations: parts.relations,
    tasks: parts.tasks,
    contents: parts.contents.contents,
    more_content_available: parts.contents.more_content_available,
    comments: parts.comments,
  };
}

/** The code, view counts and visibility explanation: the curators' vocabulary, for the item's editors only. */
function recordKeepingFields(viewer: Viewer, record: ItemRecord) {
  const shown = canSeeItemRecordKeeping(viewer, record);
  return {
    visibility_explanation: shown ? visibilityFields(record.visibility).visibility_explanation : null,
    code: shown ? record.code : null,
    view_count: shown ? record.viewCount : null,
    recent_view_count: shown ? record.recentViewCount : null,
  };
}

/** Review notes are the editors' working notes. */
function curationFields(viewer: Viewer, record: ItemRecord) {
  const editor = canEditItem(viewer, record);
  return { review_after: editor ? record.reviewAfter : null, review: editor ? record.review : null };
}

function maintainerFields(viewer: Viewer, record: ItemRecord) {
  const named = canSeeMaintainer(viewer, record);
  return {
    created_by_user_ref: named ? record.maintainerRef : null,
    created_by_user_name: named ? record.maintainerName : null,
    created_by_user_email: canSeeMaintainerEmail(viewer, record) ? record.maintainerEmail : null,
  };
}
