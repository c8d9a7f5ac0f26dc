import { useState } from 'react';
import Notice from '../lib/Notice';
import {
  COLLECTION_TEXTS,
  entryMovedAnnouncement,
  REMOVE_COLLECTION_ITEM_CONFIRM,
  type CollectionItemEntry,
  type CollectionSection,
} from '../../shared/collections';
import { deleteKeepingScroll, patchKeepingScroll } from '../lib/visits';
import CollectionEntryCard from './CollectionEntryCard';
import type { MoveControl } from './CollectionEntryTools';
import { useMoveFocus } from '../lib/move-focus';
import { movedSections, placeOf, sectionNames, stepTarget, type EntryStep } from './sections';
import SortableEntryList from './SortableEntryList';
import './collections.css';
import { leadPictureRefs } from '../lib/lead-pictures';
import { onDemand } from '../lib/on-demand';
import { ROUTES } from '../../shared/routes';

// Edit mode only: a visitor's first page leaves the editor out.
const EntryEditorModal = onDemand(() => import('./EntryEditorModal'));

interface CollectionSectionsProps {
  collectionRef: string;
  sections: CollectionSection[];
  editing: boolean;
}

const headingOf = (section: string) => section || COLLECTION_TEXTS.noSection;
const nameOf = (entry: CollectionItemEntry) => entry.item?.title ?? COLLECTION_TEXTS.lockedItem;

/**
 * A collection's entries grouped into sections. In edit mode entries are dragged within
 * and between sections, or moved with buttons (up, down, to another section), each move a PATCH
 * /collection_item/{ref} with section and position and said in a polite live region; entries are edited and removed.
 */
export default function CollectionSections({ collectionRef, sections, editing }: CollectionSectionsProps) {
  // A move shows its result at once; the props the save brings back replace it.
  const [moved, setMoved] = useState<{ base: CollectionSection[]; sections: CollectionSection[] } | null>(null);
  const [editingEntry, setEditingEntry] = useState<CollectionItemEntry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = moved?.base === sections ? moved.sections : sections;
  // The button a keyboard move was made with keeps the focus on the moved entry, wherever the entry went.
  const keepFocus = useMoveFocus(shown);

  const move = (entryRef: string, toSection: string, position: number) => {
    const after = movedSections(shown, entryRef, toSection, position);
    setMoved({ base: sections, sections: after });
    const entry = after.flatMap((section) => section.items).find((candidate) => candidate.ref === entryRef);
    const place = placeOf(after, entryRef);
    if (entry && place) setAnnouncement(entryMovedAnnouncement(nameOf(entry), place.position, place.count, headingOf(place.section)));
    patchKeepingScroll(ROUTES.collectionEntry.path({ ref: entryRef }), { section: toSection, position });
  };
  const step = (entry: CollectionItemEntry, how: EntryStep, control: MoveControl) => {
    const target = stepTarget(shown, entry.ref, how);
    if (!target) return;
    keepFocus(entry.ref, control);
    move(entry.ref, target.section, target.position);
  };
  const remove = (entry: CollectionItemEntry) => {
    if (window.confirm(REMOVE_COLLECTION_ITEM_CONFIRM)) deleteKeepingScroll(ROUTES.collectionEntry.path({ ref: entry.ref }));
  };

  if (shown.length === 0) return <Notice variant="info">{COLLECTION_TEXTS.emptyCollection}</Notice>;
  const leadPictures = leadPictureRefs(shown.flatMap((section) => section.items.map((entry) => ({ ref: entry.ref, picture: entry.item?.image }))));
  const sectionChoices = shown.map((section) => ({ section: section.section, heading: headingOf(section.section) }));
  return (
    <>
      {shown.map((section) => {
        const heading = headingOf(section.section);
        return (
          <section key={section.section} className="mb-4" aria-label={heading}>
            {(section.section !== '' || shown.length > 1) && <h2 className="h5">{heading}</h2>}
            <SortableEntryList section={section.section} group={`collection-${collectionRef}`} enabled={editing} onMove={move} label={heading}>
              {section.items.map((entry, index) => (
                <CollectionEntryCard
                  key={entry.ref}
                  entry={entry}
                  firstInView={leadPictures.has(entry.ref)}
                  editing={editing}
                  onEdit={setEditingEntry}
                  onRemove={remove}
                  moves={{
                    up: index > 0,
                    down: index < section.items.length - 1,
                    sections: sectionChoices.filter((choice) => choice.section !== section.section),
                  }}
                  onStep={step}
                />
              ))}
            </SortableEntryList>
          </section>
        );
      })}
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
      {editing && <EntryEditorModal entry={editingEntry} sections={sectionNames(shown)} onHide={() => setEditingEntry(null)} />}
    </>
  );
}
