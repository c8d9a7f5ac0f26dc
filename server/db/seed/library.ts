import { VISIBILITY, type Visibility } from '../../../shared/enums';
import type { Database } from '../client';
import { comments, contents, itemAffirmations, itemCharacteristics, itemImages, items, itemTags, relations, tasks } from '../schema';
import { insertReturningIds, insertRows } from './batches';
import type { ItemType } from './catalogue';
import type { SeedContext } from './context';
import { relationsFor } from './item-activity';
import type { ItemPlan } from './items';
import type { SeedSummary } from './summary';

/** What later steps (collections, shares, views) need to know about an inserted item. */
export interface SeededItem {
  id: number;
  ref: string;
  level: number;
  visibility: Visibility;
  type: ItemType;
  externalLink: string | null;
  contents: { id: number; level: number; published: boolean }[];
}

/**
 * Inserts one batch of planned items and everything hanging off them, in one short
 * transaction (PGlite has a single connection that other requests wait for).
 */
export async function insertItemBatch(db: Database, context: SeedContext, plans: ItemPlan[]): Promise<{ items: SeededItem[]; counts: Partial<SeedSummary> }> {
  const relationLinks = relationsFor(context, plans.length);
  return db.transaction(async (tx) => {
    // tag_ids is given as item_tags' trigger will compute it, so that trigger finds nothing to change: writing every
    // item row a second time would make a large seed take half as long again.
    const itemIds = await insertReturningIds(
      tx,
      items,
      plans.map((plan) => ({ ...plan.row, tagIds: plan.tagIds.toSorted((a, b) => a - b) })),
    );
    const idOf = (plan: ItemPlan) => itemIds.get(plan.row.ref)!;
    const contentIds = await insertContents(tx, plans, idOf);
    const counts: Partial<SeedSummary> = {
      items: itemIds.size,
      contents: contentIds.size,
      itemTags: await insertRows(
        tx,
        itemTags,
        plans.flatMap((plan) =>
          plan.tagIds.map((tagId) => ({ itemId: idOf(plan), tagId, itemListingLevel: listingLevelOf(plan), createdAt: plan.row.createdAt })),
        ),
      ),
      itemCharacteristics: await insertRows(
        tx,
        itemCharacteristics,
        plans.flatMap((plan) => plan.characteristicValues.map((value) => ({ itemId: idOf(plan), ...value }))),
      ),
      itemImages: await insertRows(
        tx,
        itemImages,
        plans.flatMap((plan) => plan.images.map((image) => ({ itemId: idOf(plan), createdAt: plan.row.createdAt, ...image }))),
      ),
      comments: await insertRows(
        tx,
        comments,
        plans.flatMap((plan) => plan.comments.map((comment) => ({ itemId: idOf(plan), ...comment }))),
      ),
      tasks: await insertRows(
        tx,
        tasks,
        plans.flatMap((plan) => plan.tasks.map((task) => ({ itemId: idOf(plan), ...task }))),
      ),
      itemAffirmations: await insertRows(
        tx,
        itemAffirmations,
        plans.flatMap((plan) => plan.affirmations.map((affirmation) => ({ itemId: idOf(plan), ...affirmation }))),
      ),
      relations: await insertRows(
        tx,
        relations,
        relationLinks.map((link) => ({
          itemId: idOf(plans[link.from]),
          relatedItemId: idOf(plans[link.to]),
          createdAt: plans[link.from].row.updatedAt,
          ...link.row,
        })),
      ),
    };
    return { items: plans.map((plan) => seededItem(plan, idOf(plan), contentIds)), counts };
  });
}

/** item_tags.item_listing_level as its trigger would set it (migration 0018), so the trigger writes nothing. */
function listingLevelOf(plan: ItemPlan): number | null {
  return plan.attributes.visibility === VISIBILITY.DISCOVERABLE ? plan.attributes.level : null;
}

/** Full versions first, so samples can point at them. */
async function insertContents(db: Database, plans: ItemPlan[], idOf: (plan: ItemPlan) => number): Promise<Map<string, number>> {
  const rows = (wantSamples: boolean, ids: Map<string, number>) =>
    plans.flatMap((plan) =>
      plan.contents
        .filter((content) => (content.sampleOfRef !== null) === wantSamples)
        .map((content) => ({
          itemId: idOf(plan),
          isSampleOfId: content.sampleOfRef === null ? null : ids.get(content.sampleOfRef)!,
          createdAt: plan.row.createdAt,
          updatedAt: plan.row.updatedAt,
          ...content.row,
        })),
    );
  const fullIds = await insertReturningIds(db, contents, rows(false, new Map()));
  const sampleIds = await insertReturningIds(db, contents, rows(true, fullIds));
  return new Map([...fullIds, ...sampleIds]);
}

function seededItem(plan: ItemPlan, id: number, contentIds: Map<string, number>): SeededItem {
  return {
    id,
    ref: plan.row.ref,
    level: plan.attributes.level,
    visibility: plan.attributes.visibility,
    type: plan.attributes.type,
    externalLink: plan.row.availableExternalLink ?? null,
    contents: plan.contents.map(({ row }) => ({ id: contentIds.get(row.ref)!, level: row.minimumAccessLevel, published: row.published ?? true })),
  };
}
