import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { TASK_TEXTS } from '../../shared/tasks';

/** Re-Open mode: shows every completed task, each with its Re-Open button. */
export default function ReopenModeSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return <Form.Check type="switch" id={id} className="small" label={TASK_TEXTS.reOpenMode} checked={on} onChange={(event) => onChange(event.target.checked)} />;
}
