import Button from 'react-bootstrap/Button';
import Icon from './Icon';

/** Edit / Stop Editing: switches a page between view and edit mode. */
export default function EditToggleButton({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  return (
    <Button size="sm" variant={editing ? 'primary' : 'outline-primary'} aria-pressed={editing} onClick={onToggle}>
      <Icon name={editing ? 'bi-check-lg' : 'bi-pencil'} className="me-1" />
      {editing ? 'Stop Editing' : 'Edit'}
    </Button>
  );
}
