import { createHash } from 'node:crypto';
import type { SharedType } from '../../../shared/enums';
import type { Database } from '../client';
import { collectionItems, collections, invitations, shares } from '../schema';
import { DEMO_INVITATIONS, type DemoInvitation } from './accounts';
import { insertReturningIds, insertRows } from './batches';
import { isListed, type SeedContext } from './context';
import type { SeededItem } from './library';
import type { SeededUser } from './people';
import { addDays, type Random } from './random';
import type { SeedSummary } from './summary';
import { COLLECTION_NOTES, COLLECTIONS } from './words';

/** Someone who has been sent shares but has not signed up yet. */
export const NO_ACCOUNT_EMAIL = 'new.volunteer@example.com';

const COLLECTION_OWNERS = [
  ['member@example.org', 2],
  ['affiliate@example.org', 1],
  ['leader@example.org', 3],
  ['staff@example.org', 2],
  ['team@example.org', 1],
  ['admin@example.org', 1],
] as const;

type Validity = 'active' | 'expiring' | 'expired' | 'forever';

interface SharePlan {
  from: string;
  to: string;
  sharedType: SharedType;
  validity: Validity;
}

const SHARE_PLANS: readonly SharePlan[] = [
  { from: 'leader@example.org', to: 'member@example.org', sharedType: 'item', validity: 'active' },
  { from: 'leader@example.org', to: 'affiliate@example.org', sharedType: 'collection', validity: 'forever' },
  { from: 'leader@example.org', to: 'member@example.org', sharedType: 'item', validity: 'expired' },
  { from: 'leader@example.org', to: NO_ACCOUNT_EMAIL, sharedType: 'collection', validity: 'active' },
  { from: 'staff@example.org', to: 'member@example.org', sharedType: 'item_content', validity: 'active' },
  { from: 'staff@example.org', to: 'affiliate@example.org', sharedType: 'item', validity: 'expired' },
  { from: 'staff@example.org', to: 'affiliate@example.org', sharedType: 'item', validity: 'expiring' },
  { from: 'staff@example.org', to: NO_ACCOUNT_EMAIL, sharedType: 'item', validity: 'forever' },
  { from: 'admin@example.org', to: 'member@example.org', sharedType: 'collection', validity: 'expiring' },
  { from: 'admin@example.org', to: 'affiliate@example.org', sharedType: 'item_content', validity: 'forever' },
  { from: 'admin@example.org', to: 'member@example.org', sharedType: 'item', validity: 'forever' },
  { from: 'admin@example.org', to: NO_ACCOUNT_EMAIL, sharedType: 'item_content', validity: 'expired' },
];

interface SeededCollection {
  id: number;
  ownerId: number;
}

export function visibleTo(library: readonly SeededItem[], level: number): SeededItem[] {
  return library.filter((item) => isListed(item) && item.level <= level);
}

export async function insertSharing(db: Database, context: SeedContext, library: readonly SeededItem[]): Promise<Partial<SeedSummary>> {
  const { seeded, itemCount } = await insertCollections(db, context, library);
  return {
    collections: seeded.length,
    collectionItems: itemCount,
    shares: await insertRows(db, shares, shareRows(context, library, seeded)),
    invitations: await insertRows(
      db,
      invitations,
      DEMO_INVITATIONS.map((invitation) => invitationRow(context, invitation)),
    ),
  };
}

/** Public and private collections, items spread over named sections with positions and notes. */
async function insertCollections(db: Database, context: SeedContext, library: readonly SeededItem[]) {
  const { rng, reference, people } = context;
  const owned = COLLECTION_OWNERS.flatMap(([email, count]) => Array.from({ length: count }, (_, index) => ({ owner: people.demo(email), index })));
  const plans = owned.map(({ owner, index }, number) => {
    const template = COLLECTIONS[number % COLLECTIONS.length];
    const createdAt = rng.daysBefore(reference, 5, 400);
    return {
      owner,
      template,
      row: {
        ref: rng.ref(),
        userId: owner.id,
        title: template.title,
        description: template.description,
        public: index % 2 === 0,
        createdAt,
        updatedAt: createdAt,
      },
      items: rng.sample(visibleTo(library, owner.level), rng.int(4, 10)),
    };
  });
  const ids = await insertReturningIds(
    db,
    collections,
    plans.map((plan) => plan.row),
  );
  const itemRows = plans.flatMap((plan) => {
    const nextPosition = new Map<string, number>();
    return plan.items.map((item) => {
      const section = rng.pick(plan.template.sections);
      const position = nextPosition.get(section) ?? 0;
      nextPosition.set(section, position + 1);
      return {
        ref: rng.ref(),
        collectionId: ids.get(plan.row.ref)!,
        itemId: item.id,
        note: rng.pick(COLLECTION_NOTES),
        section,
        position,
        createdAt: plan.row.createdAt,
      };
    });
  });
  await insertRows(db, collectionItems, itemRows);
  return { seeded: plans.map((plan) => ({ id: ids.get(plan.row.ref)!, ownerId: plan.owner.id })), itemCount: itemRows.length };
}

function shareRows(context: SeedContext, library: readonly SeededItem[], seededCollections: SeededCollection[]) {
  const { rng, people } = context;
  return SHARE_PLANS.flatMap((plan) => {
    const sharer = people.demo(plan.from);
    const recipient = plan.to === NO_ACCOUNT_EMAIL ? null : people.demo(plan.to);
    const recipientLevel = recipient?.level ?? 0;
    const level = rng.int(Math.max(2, recipientLevel + 1), sharer.level);
    const target = shareTarget(rng, plan.sharedType, { library, collections: seededCollections, sharer, recipientLevel, level });
    if (!target) return [];
    return [
      {
        ref: rng.ref(),
        sharedType: plan.sharedType,
        ...target,
        fromUserId: sharer.id,
        toEmail: plan.to,
        toUserId: recipient?.id ?? null,
        level,
        ...validityDates(rng, context.reference, plan.validity),
      },
    ];
  });
}

interface TargetChoice {
  library: readonly SeededItem[];
  collections: SeededCollection[];
  sharer: SeededUser;
  recipientLevel: number;
  level: number;
}

type ShareTarget = { itemId: number; contentId?: number } | { collectionId: number };

/** Preferably something the recipient could not open alone; null when a tiny library has nothing fitting. */
function shareTarget(rng: Random, sharedType: SharedType, choice: TargetChoice): ShareTarget | null {
  const items = visibleTo(choice.library, choice.level);
  const preferLocked = <T>(all: T[], isLocked: (value: T) => boolean): T | null => {
    const locked = all.filter(isLocked);
    const candidates = locked.length > 0 ? locked : all;
    return candidates.length > 0 ? rng.pick(candidates) : null;
  };
  if (sharedType === 'collection') {
    const own = choice.collections.filter((collection) => collection.ownerId === choice.sharer.id);
    return own.length > 0 ? { collectionId: rng.pick(own).id } : null;
  }
  if (sharedType === 'item_content') {
    const published = items.flatMap((item) =>
      item.contents.filter((content) => content.published && content.level <= choice.level).map((content) => ({ item, content })),
    );
    const chosen = preferLocked(published, ({ content }) => content.level > choice.recipientLevel);
    return chosen && { itemId: chosen.item.id, contentId: chosen.content.id };
  }
  const chosen = preferLocked(items, (item) => item.level > choice.recipientLevel);
  return chosen && { itemId: chosen.id };
}

function validityDates(rng: Random, reference: Date, validity: Validity) {
  switch (validity) {
    case 'forever':
      return { createdAt: rng.daysBefore(reference, 1, 200), expiresAt: null };
    case 'expired': {
      const createdAt = rng.daysBefore(reference, 100, 200);
      return { createdAt, expiresAt: addDays(createdAt, rng.pick([7, 90])) };
    }
    case 'expiring': {
      const createdAt = rng.daysBefore(reference, 84, 88);
      return { createdAt, expiresAt: addDays(createdAt, 90) };
    }
    case 'active': {
      const createdAt = rng.daysBefore(reference, 1, 30);
      return { createdAt, expiresAt: addDays(createdAt, rng.pick([90, 365])) };
    }
  }
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const INVITATION_DATES = {
  active: { createdDaysAgo: 3, expiresInDays: 27, acceptedDaysAgo: null },
  expired: { createdDaysAgo: 60, expiresInDays: -30, acceptedDaysAgo: null },
  accepted: { createdDaysAgo: 100, expiresInDays: -70, acceptedDaysAgo: 95 },
} as const;

function invitationRow({ rng, reference, people }: SeedContext, invitation: DemoInvitation) {
  const dates = INVITATION_DATES[invitation.state];
  return {
    ref: rng.ref(),
    tokenHash: invitationTokenHash(invitation.token),
    userTypeId: people.userTypeIdByTitle.get(invitation.userTypeTitle)!,
    noteToSelf: invitation.noteToSelf,
    sentTo: invitation.sentTo,
    createdByUserId: people.demo(invitation.createdBy).id,
    createdAt: addDays(reference, -dates.createdDaysAgo),
    expiresAt: addDays(reference, dates.expiresInDays),
    acceptedByUserId: invitation.acceptedBy ? people.demo(invitation.acceptedBy).id : null,
    acceptedAt: dates.acceptedDaysAgo === null ? null : addDays(reference, -dates.acceptedDaysAgo),
  };
}
