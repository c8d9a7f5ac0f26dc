/**
 * The sharing explanation of a collection (docs/decisions/sharing.md "Sharing that tells the truth"): who can open its link (public:
 * anyone; private: its owner, admins and the people the owner grants access to), and what a person at each level sees
 * of the items inside, counted over the items the viewer can open themselves, so nothing locked is revealed.
 */
import { plural } from '../../../shared/messages';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ACCESS_LEVELS } from '../../../shared/levels';
import { COLLECTION_SHARING_TEXTS, type SharingExplanation } from '../../../shared/sharing';
import {
  canShareCollection,
  isItemExpired,
  itemAccessColumns,
  levelOpensItem,
  openableCollectedItemsCondition,
  ownsCollection,
  type CollectionAccessFacts,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { collectionItems, items } from '../../db/schema';
import { optional } from '../../inertia';

/** The collection page's `sharingExplanation` prop: sent only when asked for (the Share dialog opening). */
export function collectionSharingExplanationProp(request: FastifyRequest, collection: CollectionAccessFacts & { id: number }) {
  return optional(() => collectionSharingExplanation(request.server.db, request.viewer, collection));
}

export async function collectionSharingExplanation(
  db: Database,
  viewer: Viewer,
  collection: CollectionAccessFacts & { id: number },
  now: Date = new Date(),
): Promise<SharingExplanation> {
  const rows = await db
    .select({ ...itemAccessColumns, openable: sql<boolean>`(${openableCollectedItemsCondition(viewer, now)})`.mapWith(Boolean) })
    .from(collectionItems)
    .innerJoin(items, eq(items.id, collectionItems.itemId))
    .where(eq(collectionItems.collectionId, collection.id));
  const seen = rows.filter((row) => row.openable);
  const owner = ownsCollection(viewer, collection);
  const canGrant = canShareCollection(viewer, collection);
  // An owner who may not grant access is told neither that they can nor that they should.
  const ownerWithoutGrant = owner && !canGrant;
  const levelText = ACCESS_LEVELS.map((level) => {
    const visible = seen.filter((row) => !isItemExpired(row, now) && levelOpensItem(row, level)).length;
    const sees = seen.length === 0 ? 'no items' : `${visible} of ${plural(seen.length, 'item')}`;
    if (collection.public) return `Can open it and see ${sees}`;
    return ownerWithoutGrant ? `Once it is public, can open it and see ${sees}` : `With a grant, can open it and see ${sees}`;
  });
  return {
    availabilityText: availabilityText(collection.public, owner, canGrant),
    levelText,
    // A grant opens the collection itself at any level; what each level sees inside is in levelText.
    levelVisible: ACCESS_LEVELS.map(() => true),
    contentText:
      seen.length === 0
        ? COLLECTION_SHARING_TEXTS.noItems
        : `This collection has ${plural(seen.length, 'item')} you can open. ${COLLECTION_SHARING_TEXTS.itemsOwnLevel}`,
    shareText: shareText(collection.public, owner, canGrant),
    inviteText: null,
    checkAccessEmail: null,
    checkAccessText: null,
  };
}

/** Who can open the link: anyone (public); else the owner, admins, and those the owner grants, when the owner may grant. */
function availabilityText(isPublic: boolean, owner: boolean, canGrant: boolean): string {
  if (isPublic) return COLLECTION_SHARING_TEXTS.public;
  if (!owner) return COLLECTION_SHARING_TEXTS.privateOther;
  return canGrant ? COLLECTION_SHARING_TEXTS.privateOwner : COLLECTION_SHARING_TEXTS.privateOwnerNoGrant;
}

/** What the viewer can do about access: grant it, or, as an owner who may not, make the collection public. */
function shareText(isPublic: boolean, owner: boolean, canGrant: boolean): string {
  if (canGrant) return COLLECTION_SHARING_TEXTS.grant;
  if (!owner) return COLLECTION_SHARING_TEXTS.ownerGrants;
  return isPublic ? COLLECTION_SHARING_TEXTS.ownerNoGrantPublic : COLLECTION_SHARING_TEXTS.ownerNoGrant;
}
