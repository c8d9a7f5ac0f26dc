import Button from 'react-bootstrap/Button';
import type { CanFlags } from '../../shared/props';

interface AdminRecordActionsProps {
  /** Names the toolbar, e.g. 'Characteristic actions'. */
  label: string;
  can: Pick<CanFlags, 'update' | 'delete'>;
  editing: boolean;
  onToggleEditing: () => void;
  onDelete: () => void;
}

/** Edit / Stop Editing and Delete of an admin detail page, each only when the server allows it (admin-curation §6 flags). */
export default function AdminRecordActions({ label, can, editing, onToggleEditing, onDelete }: AdminRecordActionsProps) {
  if (!can.update && !can.delete) return null;
  return (
    <div role="toolbar" aria-label={label} className="d-flex flex-wrap align-items-start gap-2">
      {can.update && (
        <Button size="sm" variant={editing ? 'primary' : 'outline-primary'} aria-pressed={editing} onClick={onToggleEditing}>
          <i className={`bi ${editing ? 'bi-check-lg' : 'bi-pencil'} me-1`} aria-hidden="true" />
          {editing ? 'Stop Editing' : 'Edit'}
        </Button>
      )}
      {can.delete && (
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          Delete
        </Button>
      )}
    </div>
  );
}
