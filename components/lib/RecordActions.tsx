import Button from 'react-bootstrap/Button';
import type { CanFlags } from '../../shared/props';
import EditToggleButton from './EditToggleButton';
import Icon from './Icon';

interface RecordActionsProps {
  /** Names the toolbar, e.g. 'Collection actions'. */
  label: string;
  can: Pick<CanFlags, 'update' | 'delete'>;
  editing: boolean;
  onToggleEditing: () => void;
  onDelete: () => void;
}

/** Edit / Stop Editing and Delete of a detail page, each only when the server allows it. */
export default function RecordActions({ label, can, editing, onToggleEditing, onDelete }: RecordActionsProps) {
  if (!can.update && !can.delete) return null;
  return (
    <div role="toolbar" aria-label={label} className="d-flex flex-wrap align-items-start gap-2">
      {can.update && <EditToggleButton editing={editing} onToggle={onToggleEditing} />}
      {can.delete && (
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          <Icon name="bi-trash" className="me-1" />
          Delete
        </Button>
      )}
    </div>
  );
}
