import type { ReactNode } from 'react';
import type { CanFlags } from '../../shared/props';
import ItemEditActions from '../item-edit/ItemEditActions';
import EditToggleButton from '../lib/EditToggleButton';

interface ItemActionsProps {
  itemRef: string;
  can: Pick<CanFlags, 'update' | 'duplicate' | 'delete'>;
  editing: boolean;
  onToggleEditing: () => void;
  /** The Add to Collection action (signed-in viewers), placed after Edit. */
  addToCollection?: ReactNode;
  /** The History action (the item's maintainer and admins). */
  history?: ReactNode;
}

/** Edit / Stop Editing, Add to Collection, History, then Duplicate and Delete; each only when the server allows it. */
export default function ItemActions({ itemRef, can, editing, onToggleEditing, addToCollection = null, history = null }: ItemActionsProps) {
  if (!can.update && !can.duplicate && !can.delete && addToCollection === null && history === null) return null;
  return (
    <div role="toolbar" aria-label="Item actions" className="d-flex flex-wrap align-items-start gap-2">
      {can.update && <EditToggleButton editing={editing} onToggle={onToggleEditing} />}
      {addToCollection}
      {history}
      <ItemEditActions itemRef={itemRef} can={can} />
    </div>
  );
}
