import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { DELETE_ITEM_CONFIRM } from '../../shared/messages';
import type { CanFlags } from '../../shared/props';

interface ItemActionsProps {
  itemRef: string;
  can: Pick<CanFlags, 'update' | 'duplicate' | 'delete'>;
  editing: boolean;
  onToggleEditing: () => void;
}

/** Edit / Stop Editing, Duplicate and Delete, each only when the server allows it. */
export default function ItemActions({ itemRef, can, editing, onToggleEditing }: ItemActionsProps) {
  const duplicate = () => router.post(`/i/${itemRef}`);
  const remove = () => {
    if (window.confirm(DELETE_ITEM_CONFIRM)) router.delete(`/i/${itemRef}`);
  };
  if (!can.update && !can.duplicate && !can.delete) return null;
  return (
    <div role="toolbar" aria-label="Item actions" className="d-flex flex-wrap gap-2">
      {can.update && (
        <Button variant={editing ? 'primary' : 'outline-primary'} aria-pressed={editing} onClick={onToggleEditing}>
          <i className={`bi ${editing ? 'bi-check-lg' : 'bi-pencil'} me-1`} aria-hidden="true" />
          {editing ? 'Stop Editing' : 'Edit'}
        </Button>
      )}
      {can.duplicate && (
        <Button variant="outline-secondary" onClick={duplicate}>
          <i className="bi bi-files me-1" aria-hidden="true" />
          Duplicate
        </Button>
      )}
      {can.delete && (
        <Button variant="outline-danger" onClick={remove}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
