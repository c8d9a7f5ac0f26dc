import { COLLECTION_TEXTS, type CollectionItemEntry } from '../../shared/collections';
import ItemLink from '../lib/ItemLink';
import Icon from '../lib/Icon';
import type { EntryStep } from './sections';
import { onDemand } from '../lib/on-demand';
import type { EntryMoves, MoveControl } from './CollectionEntryTools';

// Edit mode only, for the collection's owner: a visitor's first page leaves the tools (and their Popper) out.
const CollectionEntryTools = onDemand(() => import('./CollectionEntryTools'));

interface CollectionEntryCardProps {
  entry: CollectionItemEntry;
  /** Its picture is likely the page's largest paint: loaded at once, first. */
  firstInView?: boolean;
  editing: boolean;
  onEdit: (entry: CollectionItemEntry) => void;
  onRemove: (entry: CollectionItemEntry) => void;
  moves: EntryMoves;
  onStep: (entry: CollectionItemEntry, step: EntryStep, control: MoveControl) => void;
}

/**
 * One entry of a collection: the item's image, title (linking to /i/{ref}) and blurb, and the
 * owner's note. An item the viewer may not open is a locked placeholder. In edit mode: drag, or move up, down or to
 * another section with buttons (the keyboard's and a single pointer's way), edit note and section, remove.
 */
export default function CollectionEntryCard({ entry, firstInView = false, editing, onEdit, onRemove, moves, onStep }: CollectionEntryCardProps) {
  const name = entry.item?.title ?? COLLECTION_TEXTS.lockedItem;
  return (
    <div className="col" role="listitem" data-entry-ref={entry.ref} aria-label={name}>
      <article className={`card h-100 shadow-sm${entry.item ? '' : ' bg-body-tertiary'}`}>
        {editing && <CollectionEntryTools entry={entry} name={name} moves={moves} onStep={onStep} onEdit={onEdit} onRemove={onRemove} />}
        {entry.item?.image && (
          <img
            src={entry.item.image}
            alt=""
            loading={firstInView ? 'eager' : 'lazy'}
            fetchPriority={firstInView ? 'high' : 'auto'}
            className="card-img-top object-fit-cover"
            style={{ height: 140 }}
          />
        )}
        <div className="card-body">
          {entry.item ? (
            <>
              <h3 className="card-title h6 mb-1">
                <ItemLink itemRef={entry.item.ref} className={editing ? undefined : 'stretched-link text-decoration-none'}>
                  {entry.item.title}
                </ItemLink>
              </h3>
              {entry.item.blurb && <p className="card-text small mb-1 item-card-blurb">{entry.item.blurb}</p>}
            </>
          ) : (
            <h3 className="card-title h6 mb-1 text-body-secondary">
              <Icon name="bi-lock" className="me-1" />
              {COLLECTION_TEXTS.lockedItem}
            </h3>
          )}
          {entry.note && (
            <p className="card-text small fst-italic text-body-secondary mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.note}
            </p>
          )}
        </div>
      </article>
    </div>
  );
}
