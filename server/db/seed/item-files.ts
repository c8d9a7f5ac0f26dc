import type { ContentFormat } from '../../../shared/enums';
import type { contents, itemImages } from '../schema';
import type { ItemType } from './catalogue';
import type { ItemAttributes } from './context';
import type { Random } from './random';
import * as words from './words';

export type ImageRow = Omit<typeof itemImages.$inferInsert, 'itemId'>;
export type ContentRow = Omit<typeof contents.$inferInsert, 'itemId' | 'isSampleOfId'> & { ref: string; minimumAccessLevel: number };

export interface ContentPlan {
  row: ContentRow;
  /** A sample points at the full version it previews. */
  sampleOfRef: string | null;
}

export function imagesFor(rng: Random, type: ItemType): ImageRow[] {
  const count =
    type === 'Resource' || type === 'Training'
      ? rng.weighted([
          [0, 2],
          [1, 6],
          [2, 2],
        ] as const)
      : rng.chance(0.9)
        ? 1
        : 0;
  return Array.from({ length: count }, (_, position) => {
    const extension = rng.chance(0.8) ? 'jpg' : 'png';
    return { ref: rng.ref(), extension, source: 'stock', storageKey: `stock/${rng.pick(words.STOCK_IMAGES)}.${extension}`, position };
  });
}

const CONTENT_KINDS: Record<ItemType, readonly { label: string; format: ContentFormat }[]> = {
  Resource: words.CONTENT_KINDS,
  Training: words.CONTENT_KINDS,
  Person: words.PERSON_CONTENT_KINDS,
  Equipment: words.EQUIPMENT_CONTENT_KINDS,
};

function contentCount(rng: Random, type: ItemType): number {
  if (type === 'Person') return rng.int(0, 1);
  if (type === 'Equipment') return rng.int(1, 2);
  return rng.chance(0.85) ? rng.int(2, 4) : rng.int(0, 1);
}

/** Two to four files on most items; some locked above the item's level, some with a public sample. */
export function contentsFor(rng: Random, attributes: ItemAttributes): ContentPlan[] {
  const kinds = rng.sample(CONTENT_KINDS[attributes.type], contentCount(rng, attributes.type));
  const plans: ContentPlan[] = kinds.map((kind) => ({ row: contentRow(rng, kind, attributes.level), sampleOfRef: null }));
  for (const full of plans.filter(({ row }) => row.minimumAccessLevel > attributes.level && row.published)) {
    if (rng.chance(0.6)) plans.push({ row: sampleRow(rng, full.row, attributes.level), sampleOfRef: full.row.ref });
  }
  return plans.map((plan, position) => ({ ...plan, row: { ...plan.row, position } }));
}

const SIZE_RANGES_KB: Partial<Record<ContentFormat, [number, number]>> = {
  pdf: [120, 9000],
  word: [40, 2500],
  powerpoint: [800, 40000],
  image: [150, 6000],
  video: [20000, 900000],
  audio: [2000, 60000],
};

function contentRow(rng: Random, kind: { label: string; format: ContentFormat }, itemLevel: number): ContentRow {
  const sizeRange = SIZE_RANGES_KB[kind.format];
  return {
    ref: rng.ref(),
    label: kind.label,
    description: rng.pick(['', '', 'Print double-sided.', 'The latest version.', 'Editable copy for your own group.']),
    format: kind.format,
    lengthMinutes: kind.format === 'video' || kind.format === 'audio' ? rng.int(2, 45) : null,
    sizeBytes: sizeRange ? rng.int(sizeRange[0], sizeRange[1]) * 1024 : null,
    copyright: rng.chance(0.2) ? `© ${rng.int(2015, 2026)} ${rng.pick(words.AUTHOR_TEAMS)}` : null,
    exportMode: exportModeFor(rng, kind.format),
    minimumAccessLevel: rng.chance(0.2) ? Math.min(6, itemLevel + rng.int(1, 2)) : itemLevel,
    published: rng.chance(0.92),
  };
}

function exportModeFor(rng: Random, format: ContentFormat): string | null {
  if (format === 'google_doc' && rng.chance(0.3)) return 'doc_pdf';
  if ((format === 'word' || format === 'powerpoint' || format === 'video') && rng.chance(0.3)) return 'download';
  return null;
}

function sampleRow(rng: Random, full: ContentRow, itemLevel: number): ContentRow {
  return {
    ...full,
    ref: rng.ref(),
    label: `Sample: ${full.label}`,
    description: 'A short extract so you can see what the full version offers.',
    lengthMinutes: typeof full.lengthMinutes === 'number' ? Math.min(full.lengthMinutes, 3) : null,
    sizeBytes: full.sizeBytes ? Math.ceil(full.sizeBytes / 10) : null,
    minimumAccessLevel: itemLevel,
  };
}
