/** Collection rows shaped for the pages: the collection, its entries and their sections. */
import type { CollectionDetail, CollectionItemEntry, CollectionSection } from '../../../shared/collections';
import { itemImageUrls } from '../../../shared/items';
import type { CollectionRecord, EntryRow } from './queries';

export function toCollectionDetail(record: CollectionRecord): CollectionDetail {
  return { ref: record.ref, title: record.title, description: record.description, public: record.public, ownerDisplayName: record.ownerDisplayName };
}

/**
 * An entry as the viewer may see it: an item they may not open is a locked placeholder, without its ref, title,
 * blurb or image, and with the note only when `showLockedNote` (the owner, who wrote it).
 */
export function toEntry(row: EntryRow, showLockedNote: boolean): CollectionItemEntry {
  const base = { ref: row.ref, section: row.section, position: row.position };
  if (!row.openable) return { ...base, note: showLockedNote ? row.note : '', item: null };
  return {
    ...base,
    note: row.note,
    item: {
      ref: row.itemRef,
      title: row.itemTitle,
      blurb: row.itemBlurb,
      image: row.imageRef === null ? null : itemImageUrls(row.imageRef).public_thumbnail_large_url,
    },
  };
}

/** The unnamed section first, then the others by name (letter case aside); entries by position within each. */
export function compareSections(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return -1;
  if (b === '') return 1;
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1);
}

export function sectionsOf(entries: CollectionItemEntry[]): CollectionSection[] {
  const bySection = new Map<string, CollectionItemEntry[]>();
  for (const entry of entries) bySection.set(entry.section, [...(bySection.get(entry.section) ?? []), entry]);
  return [...bySection.keys()].sort(compareSections).map((section, idx) => {
    const sectionEntries = bySection.get(section)!.sort((a, b) => a.position - b.position);
    return { section, idx, items: sectionEntries, refs: sectionEntries.map((entry) => entry.ref) };
  });
}
