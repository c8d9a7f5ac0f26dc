/**
 * POST /i/{ref}: a copy of an item as a new draft of the viewer's own, in one transaction.
 * The copy carries the item's descriptive fields, tags and the characteristic values the
 * viewer may see; images, content files, the drive folder, relations, affirmations, comments,
 * tasks, views and admin review notes stay with the original.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { VISIBILITY } from '../../../shared/enums';
import { visibleCharacteristicsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { characteristics, itemCharacteristics, items, itemTags } from '../../db/schema';
import { nextItemCode } from './codes';
import { MAX_TITLE } from './fields';
import { copyTitle } from './messages';

export interface DuplicatedItem {
  ref: string;
  title: string;
}

export async function duplicateItem(db: Database, viewer: Viewer & { id: number }, sourceId: number): Promise<DuplicatedItem> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(items).where(eq(items.id, sourceId)).limit(1);
    if (!source) throw new Error(`item ${sourceId} vanished while being duplicated`);
    const [copy] = await tx
      .insert(items)
      .values({
        code: await nextItemCode(tx),
        title: copyTitle(source.title, MAX_TITLE),
        topic: source.topic,
        blurb: source.blurb,
        authors: source.authors,
        visibility: VISIBILITY.DRAFT,
        minimumAccessLevel: source.minimumAccessLevel,
        availableExternalLink: source.availableExternalLink,
        initialPublicationYearMonth: source.initialPublicationYearMonth,
        lastUpdatedYearMonth: source.lastUpdatedYearMonth,
        expiresAt: source.expiresAt,
        expiresNote: source.expiresNote,
        showCreatedBy: source.showCreatedBy,
        showAsUserContributed: source.showAsUserContributed,
        createdByUserId: viewer.id,
      })
      .returning({ id: items.id, ref: items.ref, title: items.title });
    await copyTags(tx, sourceId, copy!.id);
    await copyCharacteristicValues(tx, viewer, sourceId, copy!.id);
    return { ref: copy!.ref, title: copy!.title };
  });
}

async function copyTags(tx: Database, sourceId: number, copyId: number): Promise<void> {
  const links = await tx.select({ tagId: itemTags.tagId }).from(itemTags).where(eq(itemTags.itemId, sourceId));
  if (links.length > 0) await tx.insert(itemTags).values(links.map(({ tagId }) => ({ itemId: copyId, tagId })));
}

/** A copy carries the values of the characteristics its maker sees (non-public ones are for admins). */
async function copyCharacteristicValues(tx: Database, viewer: Viewer, sourceId: number, copyId: number): Promise<void> {
  const visibleCharacteristics = visibleCharacteristicsCondition(viewer, characteristics.public);
  const visible =
    visibleCharacteristics &&
    inArray(itemCharacteristics.characteristicId, tx.select({ id: characteristics.id }).from(characteristics).where(visibleCharacteristics));
  const values = await tx
    .select({ characteristicId: itemCharacteristics.characteristicId, value: itemCharacteristics.value })
    .from(itemCharacteristics)
    .where(and(eq(itemCharacteristics.itemId, sourceId), visible));
  if (values.length > 0) await tx.insert(itemCharacteristics).values(values.map((value) => ({ ...value, itemId: copyId })));
}
