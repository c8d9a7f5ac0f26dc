import { VISIBILITY } from '../../../shared/enums';
import { contributesAsUser, NEW_ITEM_MINIMUM_ACCESS_LEVEL, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items, itemTags } from '../../db/schema';
import { nextItemCode } from '../item-editing';

export interface NewItem {
  title: string;
  topic: string;
  tagIds: number[];
}

/**
 * Inserts a DRAFT item maintained by the viewer, with its tags, in one transaction; returns its ref.
 * The code comes from `nextItemCode`, whose lock makes concurrent creators take turns.
 */
export async function createItem(db: Database, viewer: Viewer & { id: number }, input: NewItem): Promise<string> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        code: await nextItemCode(tx),
        title: input.title,
        topic: input.topic,
        visibility: VISIBILITY.DRAFT,
        minimumAccessLevel: NEW_ITEM_MINIMUM_ACCESS_LEVEL,
        createdByUserId: viewer.id,
        showAsUserContributed: contributesAsUser(viewer),
      })
      .returning({ id: items.id, ref: items.ref });
    if (input.tagIds.length > 0) await tx.insert(itemTags).values(input.tagIds.map((tagId) => ({ itemId: item.id, tagId })));
    return item.ref;
  });
}
