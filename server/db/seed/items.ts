import { VISIBILITY, type Visibility } from '../../../shared/enums';
import type { items } from '../schema';
import { AGE_TAXONOMY, CURATION_TAXONOMY, MINISTRY_TAXONOMY, REGION_TAXONOMY, THEME_TAXONOMY, type ItemType, type SeededCharacteristic } from './catalogue';
import { composeItemText, type PersonIdentity } from './composer';
import { isListed, type ItemAttributes, type SeedContext } from './context';
import { affirmationsFor, commentsFor, tasksFor, type AffirmationRow, type CommentRow, type TaskRow } from './item-activity';
import { contentsFor, imagesFor, type ContentPlan, type ImageRow } from './item-files';
import type { SeededUser } from './people';
import { addDays, isoDay, spreadByWeight, yearMonth, type Random } from './random';
import * as words from './words';

type ItemRow = typeof items.$inferInsert & { ref: string; createdAt: Date; updatedAt: Date };

/** Everything about one item, before any id is known. */
export interface ItemPlan {
  row: ItemRow;
  attributes: ItemAttributes;
  tagIds: number[];
  characteristicValues: { characteristicId: number; value: string }[];
  images: ImageRow[];
  contents: ContentPlan[];
  comments: CommentRow[];
  tasks: TaskRow[];
  affirmations: AffirmationRow[];
}

const TYPE_WEIGHTS = [
  ['Resource', 50],
  ['Training', 22],
  ['Person', 12],
  ['Equipment', 16],
] as const;

const VISIBILITY_WEIGHTS = [
  [VISIBILITY.DISCOVERABLE, 76],
  [VISIBILITY.UNLISTED, 6],
  [VISIBILITY.HIDDEN, 5],
  [VISIBILITY.PENDING, 5],
  [VISIBILITY.DRAFT, 8],
] as const;

const LEVEL_WEIGHTS = [
  [0, 46],
  [1, 14],
  [2, 12],
  [3, 10],
  [4, 8],
  [5, 5],
  [6, 5],
] as const;

/** Drafts and pending items come from contributors; published ones mostly from the curators. */
const CONTRIBUTOR_WEIGHTS = [
  ['member@example.org', 2],
  ['affiliate@example.org', 3],
  ['leader@example.org', 3],
  ['staff@example.org', 2],
  ['team@example.org', 1],
] as const;
const CURATOR_WEIGHTS = [
  ['team@example.org', 5],
  ['staff@example.org', 3],
  ['admin@example.org', 2],
  ['manager@example.org', 2],
  ['leader@example.org', 1],
  ['superadmin@example.org', 1],
  ['affiliate@example.org', 1],
  ['member@example.org', 1],
] as const;
const CONTRIBUTOR_LEVEL_LIMIT = 2;

/** The leader's own Person page, so 'view my Person page' has something to show. */
export const LEADER_PERSON: PersonIdentity = { honorific: 'Rev. ', first: 'Sarah', last: 'Okafor', role: 'Schools Chaplain', city: 'Leeds' };
export const LEADER_EMAIL = 'leader@example.org';

/** Types, visibilities and levels for the whole library, each spread by its weights. */
export function itemAttributeDeck(rng: Random, count: number): ItemAttributes[] {
  const types = spreadByWeight(rng, TYPE_WEIGHTS, count);
  const visibilities = spreadByWeight<Visibility>(rng, VISIBILITY_WEIGHTS, count);
  const levels = spreadByWeight(rng, LEVEL_WEIGHTS, count);
  return types.map((type, index) => ({
    type,
    visibility: visibilities[index],
    // People and equipment are for signed-in users: the home page offers them only after login.
    level: type === 'Person' || type === 'Equipment' ? Math.max(1, levels[index]) : levels[index],
  }));
}

/** The first item is the leader's Person page; every other one is composed at random. */
export function planItem(context: SeedContext, attributes: ItemAttributes, number: number): ItemPlan {
  const isLeaderPage = number === 1;
  const settled: ItemAttributes = isLeaderPage ? { type: 'Person', visibility: VISIBILITY.DISCOVERABLE, level: 1 } : attributes;
  const { row, tagLabels } = itemRow(context, settled, number, isLeaderPage);
  return {
    row,
    attributes: settled,
    tagIds: tagIdsFor(context, settled.type, tagLabels),
    characteristicValues: characteristicValuesFor(context, settled.type),
    images: imagesFor(context.rng, settled.type),
    contents: contentsFor(context.rng, settled),
    comments: isListed(settled) ? commentsFor(context, settled, row.createdAt) : [],
    tasks: context.rng.chance(0.12) ? tasksFor(context, row.createdAt) : [],
    affirmations: isListed(settled) ? affirmationsFor(context, settled.level, row.createdAt) : [],
  };
}

export function itemCode(number: number): string {
  return `EQ-${String(number).padStart(5, '0')}`;
}

function itemRow(context: SeedContext, attributes: ItemAttributes, number: number, isLeaderPage: boolean): { row: ItemRow; tagLabels: string[] } {
  const { rng, reference } = context;
  const text = composeItemText(rng, attributes.type, isLeaderPage ? LEADER_PERSON : undefined);
  const maintainer = isLeaderPage ? context.people.demo(LEADER_EMAIL) : maintainerFor(context, attributes);
  const createdAt = rng.daysBefore(reference, 1, 1100);
  const updatedAt = rng.between(createdAt, reference);
  const viewCount = isListed(attributes) ? Math.floor(rng.next() ** 3 * 2500) : rng.int(0, 5);
  const describesWork = attributes.type === 'Resource' || attributes.type === 'Training';
  const { tagLabels, ...textColumns } = text;
  const row: ItemRow = {
    ref: rng.ref(),
    code: itemCode(number),
    ...textColumns,
    visibility: attributes.visibility,
    minimumAccessLevel: attributes.level,
    availableExternalLink: describesWork && rng.chance(0.15) ? `https://example.org/resources/${slug(text.title)}` : null,
    initialPublicationYearMonth: describesWork && rng.chance(0.7) ? yearMonth(rng.daysBefore(createdAt, 0, 400)) : null,
    lastUpdatedYearMonth: describesWork && rng.chance(0.5) ? yearMonth(updatedAt) : null,
    ...expiryFor(rng, reference, attributes.type),
    reviewAfter: rng.chance(0.2) ? isoDay(rng.daysBefore(reference, -365, 60)) : null,
    review: rng.chance(0.1)
      ? rng.pick(['Checked by the Equip team: still current.', 'Needs new photos.', 'Compare with the 2025 edition before renewing.'])
      : null,
    showCreatedBy: isLeaderPage || rng.chance(0.3),
    showAsUserContributed: maintainer.level <= CONTRIBUTOR_LEVEL_LIMIT,
    createdByUserId: maintainer.id,
    viewCount,
    recentViewCount: Math.floor(viewCount * rng.next() * 0.2),
    createdAt,
    updatedAt,
  };
  return { row, tagLabels };
}

/** Someone who may see the item: contributors for drafts, curators otherwise, admins as the fallback. */
function maintainerFor({ rng, people }: SeedContext, attributes: ItemAttributes): SeededUser {
  const drafting = attributes.visibility === VISIBILITY.DRAFT || attributes.visibility === VISIBILITY.PENDING;
  const entitled = (weights: readonly (readonly [string, number])[]) => weights.filter(([email]) => people.demo(email).level >= attributes.level);
  const candidates = entitled(drafting ? CONTRIBUTOR_WEIGHTS : CURATOR_WEIGHTS);
  return people.demo(rng.weighted(candidates.length > 0 ? candidates : entitled(CURATOR_WEIGHTS)));
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const EXPIRY_NOTES = ['Replaced by the new edition.', 'Licence runs out.', 'Kit due for replacement.', 'Guidance changes next year.'] as const;

/** Most items never expire; some have expired, some expire within a month, some later. */
function expiryFor(rng: Random, reference: Date, type: ItemType) {
  const kind = rng.weighted([
    ['never', type === 'Person' ? 98 : 86],
    ['expired', 5],
    ['soon', 4],
    ['later', 5],
  ] as const);
  if (kind === 'never') return { expiresAt: null, expiresNote: null };
  const days = kind === 'expired' ? rng.int(-200, -1) : kind === 'soon' ? rng.int(1, 25) : rng.int(60, 700);
  return { expiresAt: addDays(reference, days), expiresNote: rng.pick(EXPIRY_NOTES) };
}

/** How many random tags an item takes from a taxonomy in which its text implies none. */
const RANDOM_TAGS: Record<ItemType, readonly (readonly [taxonomy: string, min: number, max: number])[]> = {
  Resource: [
    [AGE_TAXONOMY, 1, 2],
    [MINISTRY_TAXONOMY, 0, 2],
    [THEME_TAXONOMY, 0, 2],
    [REGION_TAXONOMY, 0, 1],
  ],
  Training: [
    [AGE_TAXONOMY, 0, 1],
    [MINISTRY_TAXONOMY, 1, 2],
    [THEME_TAXONOMY, 0, 1],
    [REGION_TAXONOMY, 0, 1],
  ],
  Person: [[MINISTRY_TAXONOMY, 0, 1]],
  Equipment: [[MINISTRY_TAXONOMY, 0, 1]],
};
const CURATION_CHANCE = 0.08;

/** Exactly one Type tag, the tags the text implies, and a few random ones where the text implies none. */
function tagIdsFor(context: SeedContext, type: ItemType, impliedLabels: string[]): number[] {
  const { rng, catalogue } = context;
  const implied = impliedLabels.map((label) => catalogue.tagIdByLabel.get(label)!);
  const random = RANDOM_TAGS[type].flatMap(([taxonomy, min, max]) => {
    const candidates = catalogue.taggable.get(taxonomy) ?? [];
    if (candidates.some((tag) => implied.includes(tag.id))) return [];
    return rng.sample(candidates, rng.int(min, max)).map((tag) => tag.id);
  });
  const curation = rng.chance(CURATION_CHANCE) ? rng.sample(catalogue.taggable.get(CURATION_TAXONOMY) ?? [], 1).map((tag) => tag.id) : [];
  return [...new Set([catalogue.typeTagIds[type], ...implied, ...random, ...curation])];
}

function characteristicValuesFor(context: SeedContext, type: ItemType) {
  const { rng } = context;
  return context.catalogue.characteristics
    .filter((characteristic) => characteristic.definition.appliesTo.includes(type) && rng.chance(0.6))
    .map((characteristic) => ({ characteristicId: characteristic.id, value: characteristicValue(context, characteristic) }));
}

function characteristicValue({ rng, reference }: SeedContext, characteristic: SeededCharacteristic): string {
  switch (characteristic.definition.title) {
    case 'Session length (minutes)':
      return String(rng.pick([10, 15, 20, 30, 45, 60, 90]));
    case 'Replacement value (£)':
      return String(rng.int(2, 120) * 10);
    case 'Group size':
      return rng.pick(words.GROUP_SIZES);
    case 'Licence':
      return rng.pick(words.LICENCES);
    case 'Languages':
      return rng.pick(words.LANGUAGES);
    case 'Trailer video':
      return `https://video.example.org/watch/${rng.ref()}`;
    case 'Last safety check':
      return yearMonth(rng.daysBefore(reference, 10, 500));
    default:
      return String(rng.chance(0.7));
  }
}
