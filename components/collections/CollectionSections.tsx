import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { COLLECTION_TEXTS, collectionItemUrl, REMOVE_COLLECTION_ITEM_CONFIRM, type CollectionItemEntry, type CollectionSection } from '../../shared/collections';
import { deleteKeepingScroll, patchKeepingScroll } from '../lib/visits';
import CollectionEntryCard from './CollectionEntryCard';
import EntryEditorModal from './EntryEditorModal';
import { movedSections, sectionNames } from './sections';
import SortableEntryList from './SortableEntryList';

interface CollectionSectionsProps {
  collectionRef: string;
  sections: CollectionSection[];
  editing: boolean;
}

/**
 * A collection's entries grouped into sections (admin-curation §3 Sections). In edit mode entries are dragged within
 * and between sections (PATCH /collection_item/{ref} with section and position), edited and removed.
 */
export default function CollectionSections({ collectionRef, sections, editing }: CollectionSectionsProps) {
  // A drop shows its result at once; the props the save brings back replace it.
  const [moved, setMoved] = useState<{ base: CollectionSection[]; sections: CollectionSection[] } | null>(null);
  const [editingEntry, setEditingEntry] = useState<CollectionItemEntry | null>(null);
  const shown = moved?.base === sections ? moved.sections : sections;

  const move = (entryRef: string, toSection: string, position: number) => {
    setMoved({ base: sections, sections: movedSections(shown, entryRef, toSection, position) });
    patchKeepingScroll(collectionItemUrl(entryRef), { section: toSection, position });
  };
  const remove = (entry: CollectionItemEntry) => {
    if (window.confirm(REMOVE_COLLECTION_ITEM_CONFIRM)) deleteKeepingScroll(collectionItemUrl(entry.ref));
  };

  if (shown.length === 0) return <Alert variant="info">{COLLECTION_TEXTS.emptyCollection}</Alert>;
  return (
    <>
      {shown.map((section) => {
        const heading = section.section || COLLECTION_TEXTS.noSection;
        return (
          <section key={section.section} className="mb-4" aria-label={heading}>
            {(section.section !== '' || shown.length > 1) && <h2 className="h5">{heading}</h2>}
            <SortableEntryList section={section.section} group={`collection-${collectionRef}`} enabled={editing} onMove={move} label={heading}>
              {section.items.map((entry) => (
                <CollectionEntryCard key={entry.ref} entry={entry} editing={editing} onEdit={setEditingEntry} onRemove={remove} />
              ))}
            </SortableEntryList>
          </section>
        );
      })}
      <EntryEditorModal entry={editingEntry} sections={sectionNames(shown)} onHide={() => setEditingEntry(null)} />
    </>
  );
}
