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

/** A move without dragging (the keyboard's way): one place up or down in its section, or to the end of another section. */
export type EntryStep = { to: 'up' } | { to: 'down' } | { to: 'section'; section: string };

/** Where a step puts the entry (the section and the position the server is sent), or null when it cannot go there. */
export function stepTarget(sections: readonly CollectionSection[], entryRef: string, step: EntryStep): { section: string; position: number } | null {
  const from = sections.find((section) => section.items.some((item) => item.ref === entryRef));
  if (!from) return null;
  const index = from.items.findIndex((item) => item.ref === entryRef);
  if (step.to === 'up') return index > 0 ? { section: from.section, position: index - 1 } : null;
  if (step.to === 'down') return index < from.items.length - 1 ? { section: from.section, position: index + 1 } : null;
  if (step.section === from.section) return null;
  const target = sections.find((section) => section.section === step.section);
  return { section: step.section, position: target?.items.length ?? 0 };
}

/** Where the entry is now, counted from 1, in a section of how many. */
export function placeOf(sections: readonly CollectionSection[], entryRef: string): { section: string; position: number; count: number } | null {
  for (const section of sections) {
    const index = section.items.findIndex((item) => item.ref === entryRef);
    if (index >= 0) return { section: section.section, position: index + 1, count: section.items.length };
  }
  return null;
}
