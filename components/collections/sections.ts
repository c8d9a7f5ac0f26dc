import type { CollectionSection } from '../../shared/collections';

/**
 * The sections after moving one entry to `position` in `toSection`, as the server will save them: positions 0..n-1
 * in every section, a section left empty dropped, a new section appended. Shown while the save is on its way.
 */
export function movedSections(sections: readonly CollectionSection[], entryRef: string, toSection: string, position: number): CollectionSection[] {
  const entry = sections.flatMap((section) => section.items).find((candidate) => candidate.ref === entryRef);
  if (!entry) return [...sections];
  const lists = sections.map((section) => ({ section: section.section, items: section.items.filter((item) => item.ref !== entryRef) }));
  let target = lists.find((list) => list.section === toSection);
  if (!target) lists.push((target = { section: toSection, items: [] }));
  target.items.splice(Math.min(Math.max(position, 0), target.items.length), 0, { ...entry, section: toSection });
  return lists
    .filter((list) => list.items.length > 0)
    .map((list, idx) => {
      const items = list.items.map((item, index) => ({ ...item, position: index }));
      return { section: list.section, idx, items, refs: items.map((item) => item.ref) };
    });
}

/** Section names in use, for the entry editor's suggestions. */
export function sectionNames(sections: readonly CollectionSection[]): string[] {
  return sections.map((section) => section.section).filter((name) => name !== '');
}
