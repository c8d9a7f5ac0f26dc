import Button from 'react-bootstrap/Button';
import { ADVANCED_ACTION_BUTTONS, type AdvancedAction } from '../../shared/advanced';

/** One button per visible action; pressing one posts its `action` value. */
export default function ActionButtons({ busy, onRun }: { busy: AdvancedAction | null; onRun: (action: AdvancedAction) => void }) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Actions">
      {ADVANCED_ACTION_BUTTONS.filter((entry) => !entry.hidden).map((entry) => (
        <Button key={entry.action} variant="outline-dark" size="sm" disabled={busy !== null} onClick={() => onRun(entry.action)}>
          {busy === entry.action ? `${entry.label}...` : entry.label}
        </Button>
      ))}
    </div>
  );
}
