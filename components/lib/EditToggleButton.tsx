import Button from 'react-bootstrap/Button';

/** Edit / Stop Editing: switches a page between view and edit mode (admin-curation §4). */
export default function EditToggleButton({ editing, onToggle }: { editing: boolean; onToggle: () => void }) {
  return (
    <Button size="sm" variant={editing ? 'primary' : 'outline-primary'} aria-pressed={editing} onClick={onToggle}>
      <i className={`bi ${editing ? 'bi-check-lg' : 'bi-pencil'} me-1`} aria-hidden="true" />
      {editing ? 'Stop Editing' : 'Edit'}
    </Button>
  );
}
