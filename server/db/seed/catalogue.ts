import type { CharacteristicFormat } from '../../../shared/enums';
import type { Database } from '../client';
import { affirmationOptions, characteristics, tags, taxonomies } from '../schema';
import { insertReturningIds } from './batches';
import type { Random } from './random';

/** The four kinds of item, which are also the tags of the required 'Type' taxonomy. */
export const ITEM_TYPES = ['Resource', 'Training', 'Person', 'Equipment'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

interface TagDefinition {
  label: string;
  children?: readonly string[];
  forceShowInFiltering?: boolean;
}

interface TaxonomyDefinition {
  title: string;
  usageNote: string;
  required: boolean;
  multiselect: boolean;
  public: boolean;
  showInFiltering: boolean;
  tags: readonly TagDefinition[];
}

export const TYPE_TAXONOMY = 'Type';
export const AGE_TAXONOMY = 'Age Group';
export const MINISTRY_TAXONOMY = 'Ministry Area';
export const THEME_TAXONOMY = 'Theme';
export const REGION_TAXONOMY = 'Region';
export const CURATION_TAXONOMY = 'Curation Status';

export const TAXONOMIES: readonly TaxonomyDefinition[] = [
  {
    title: TYPE_TAXONOMY,
    usageNote: 'What kind of thing the item is. Every item has exactly one type.',
    required: true,
    multiselect: false,
    public: true,
    showInFiltering: true,
    tags: ITEM_TYPES.map((label) => ({ label })),
  },
  {
    title: AGE_TAXONOMY,
    usageNote: 'Who the item is written for. Choose the narrowest groups that fit.',
    required: false,
    multiselect: true,
    public: true,
    showInFiltering: true,
    tags: [
      { label: 'Children', children: ['Under 5s', 'Primary'] },
      { label: 'Youth', children: ['Juniors', 'Seniors'] },
      { label: 'Young Adults' },
      { label: 'All Ages', forceShowInFiltering: true },
    ],
  },
  {
    title: MINISTRY_TAXONOMY,
    usageNote: 'Where the item is used.',
    required: false,
    multiselect: true,
    public: true,
    showInFiltering: true,
    tags: [
      { label: 'Schools', children: ['Assemblies', 'Lessons', 'Lunchtime Clubs'] },
      { label: 'Camps', children: ['Residentials', 'Day Camps'] },
      { label: 'Church', children: ['Sunday Groups', 'Holiday Clubs'] },
      { label: 'Mentoring' },
      { label: 'Chaplaincy' },
      { label: 'Sport' },
      { label: 'Online' },
    ],
  },
  {
    title: THEME_TAXONOMY,
    usageNote: 'What the item is about. Keep to two or three themes.',
    required: false,
    multiselect: true,
    public: true,
    showInFiltering: true,
    tags: [
      { label: 'Bible' },
      { label: 'Prayer' },
      { label: 'Mission' },
      { label: 'Safeguarding', forceShowInFiltering: true },
      { label: 'Wellbeing', children: ['Mental Health', 'Friendships'] },
      { label: 'Discipleship' },
      { label: 'Leadership' },
      { label: 'Festivals', children: ['Christmas', 'Easter', 'Harvest'] },
    ],
  },
  {
    title: REGION_TAXONOMY,
    usageNote: 'Which regional team looks after the item. Not offered as a filter.',
    required: false,
    multiselect: false,
    public: true,
    showInFiltering: false,
    tags: [
      { label: 'North' },
      { label: 'Midlands' },
      { label: 'South' },
      { label: 'Wales' },
      { label: 'Scotland' },
      { label: 'Northern Ireland' },
      { label: 'International', forceShowInFiltering: true },
    ],
  },
  {
    title: CURATION_TAXONOMY,
    usageNote: 'Internal notes for the Equip team; hidden from everyone else.',
    required: false,
    multiselect: true,
    public: false,
    showInFiltering: false,
    tags: [{ label: 'Staff Pick' }, { label: 'Needs Review' }, { label: 'Legacy' }],
  },
];

interface CharacteristicDefinition {
  title: string;
  usageNote: string;
  format: CharacteristicFormat;
  minimum?: number;
  public: boolean;
  appliesTo: readonly ItemType[];
}

export const CHARACTERISTICS: readonly CharacteristicDefinition[] = [
  {
    title: 'Session length (minutes)',
    usageNote: 'How long it takes to run, in minutes.',
    format: 'integer',
    minimum: 0,
    public: true,
    appliesTo: ['Resource', 'Training'],
  },
  { title: 'Group size', usageNote: 'The group size it works best with.', format: 'text', public: true, appliesTo: ['Resource', 'Training'] },
  { title: 'Works online', usageNote: 'Can be run on a video call.', format: 'boolean', public: true, appliesTo: ['Resource', 'Training'] },
  { title: 'Licence', usageNote: 'How the item may be used and shared.', format: 'text', public: true, appliesTo: ['Resource', 'Training'] },
  { title: 'Trailer video', usageNote: 'A short public preview.', format: 'url', public: true, appliesTo: ['Training'] },
  { title: 'Languages', usageNote: 'Languages this person works in.', format: 'text', public: true, appliesTo: ['Person'] },
  { title: 'Available for bookings', usageNote: 'Happy to be booked for events.', format: 'boolean', public: true, appliesTo: ['Person'] },
  { title: 'Last safety check', usageNote: 'Month of the last PAT test or safety check.', format: 'year_month', public: false, appliesTo: ['Equipment'] },
  { title: 'Replacement value (£)', usageNote: 'For insurance; admins only.', format: 'integer', minimum: 0, public: false, appliesTo: ['Equipment'] },
];

export const AFFIRMATION_OPTIONS = [
  { title: 'Helpful', isNegative: false },
  { title: 'Used it', isNegative: false },
  { title: 'Recommended', isNegative: false },
  { title: 'Inspiring', isNegative: false },
  { title: 'Outdated', isNegative: true },
] as const;

export interface SeededTag {
  id: number;
  label: string;
}

export interface SeededCharacteristic {
  id: number;
  definition: CharacteristicDefinition;
}

export interface Catalogue {
  /** Tags an item may carry, by taxonomy title: leaves and childless top-level tags. */
  taggable: Map<string, SeededTag[]>;
  tagIdByLabel: Map<string, number>;
  typeTagIds: Record<ItemType, number>;
  characteristics: SeededCharacteristic[];
  affirmationOptionIds: { positive: number[]; negative: number[] };
  counts: { taxonomies: number; tags: number; characteristics: number; affirmationOptions: number };
}

/** `createdAt` is when the catalogue was set up, long before the items. */
export async function insertCatalogue(db: Database, rng: Random, createdAt: Date): Promise<Catalogue> {
  const taxonomyRows = TAXONOMIES.map(({ tags: _tags, ...definition }, position) => ({ ...definition, ref: rng.ref(), position, createdAt }));
  const taxonomyIds = await insertReturningIds(db, taxonomies, taxonomyRows);
  const taxonomyIdByTitle = new Map(taxonomyRows.map((row) => [row.title, taxonomyIds.get(row.ref)!]));
  const { taggable, tagIdByLabel, count: tagCount } = await insertTags(db, rng, taxonomyIdByTitle, createdAt);

  const characteristicRows = CHARACTERISTICS.map(({ appliesTo: _appliesTo, ...definition }, position) => ({
    ...definition,
    ref: rng.ref(),
    position,
    createdAt,
  }));
  const characteristicIds = await insertReturningIds(db, characteristics, characteristicRows);

  const affirmationRows = AFFIRMATION_OPTIONS.map((option, position) => ({ ...option, ref: rng.ref(), position, createdAt }));
  const affirmationIds = await insertReturningIds(db, affirmationOptions, affirmationRows);

  return {
    taggable,
    tagIdByLabel,
    typeTagIds: Object.fromEntries(ITEM_TYPES.map((type) => [type, tagIdByLabel.get(type)!])) as Record<ItemType, number>,
    characteristics: characteristicRows.map((row, index) => ({ id: characteristicIds.get(row.ref)!, definition: CHARACTERISTICS[index] })),
    affirmationOptionIds: {
      positive: affirmationRows.filter((row) => !row.isNegative).map((row) => affirmationIds.get(row.ref)!),
      negative: affirmationRows.filter((row) => row.isNegative).map((row) => affirmationIds.get(row.ref)!),
    },
    counts: { taxonomies: taxonomyRows.length, tags: tagCount, characteristics: characteristicRows.length, affirmationOptions: affirmationRows.length },
  };
}

/** Parents first (their ids are needed by the children), then children. */
async function insertTags(db: Database, rng: Random, taxonomyIdByTitle: Map<string, number>, createdAt: Date) {
  const parents = TAXONOMIES.flatMap((taxonomy) =>
    taxonomy.tags.map((tag, position) => ({
      definition: tag,
      taxonomy: taxonomy.title,
      row: {
        ref: rng.ref(),
        taxonomyId: taxonomyIdByTitle.get(taxonomy.title)!,
        label: tag.label,
        forceShowInFiltering: tag.forceShowInFiltering ?? false,
        position,
        createdAt,
      },
    })),
  );
  const parentIds = await insertReturningIds(
    db,
    tags,
    parents.map((parent) => parent.row),
  );
  const children = parents.flatMap((parent) =>
    (parent.definition.children ?? []).map((label, position) => ({
      definition: { label } as TagDefinition,
      taxonomy: parent.taxonomy,
      row: { ref: rng.ref(), taxonomyId: parent.row.taxonomyId, parentId: parentIds.get(parent.row.ref)!, label, position, createdAt },
    })),
  );
  const childIds = await insertReturningIds(
    db,
    tags,
    children.map((child) => child.row),
  );

  const all = [...parents, ...children].map((tag) => ({ ...tag, id: (parentIds.get(tag.row.ref) ?? childIds.get(tag.row.ref))! }));
  const taggable = new Map<string, SeededTag[]>(TAXONOMIES.map((taxonomy) => [taxonomy.title, []]));
  for (const tag of all) {
    if (!tag.definition.children) taggable.get(tag.taxonomy)!.push({ id: tag.id, label: tag.row.label });
  }
  return { taggable, tagIdByLabel: new Map(all.map((tag) => [tag.row.label, tag.id])), count: all.length };
}
