import Button from 'react-bootstrap/Button';
import { ADVANCED_ACTION_BUTTONS, type AdvancedAction } from '../../shared/advanced';

interface ActionButtonsProps {
  /** The action being posted: every button waits for it. */
  posting: AdvancedAction | null;
  /** The action the page follows while it runs: its own button waits, the others can still be used. */
  running: AdvancedAction | null;
  onRun: (action: AdvancedAction) => void;
}

/** One button per visible action; pressing one posts its `action` value. */
export default function ActionButtons({ posting, running, onRun }: ActionButtonsProps) {
  return (
    <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Actions">
      {ADVANCED_ACTION_BUTTONS.filter((entry) => !entry.hidden).map((entry) => {
        const waiting = entry.action === posting || entry.action === running;
        return (
          <Button key={entry.action} variant="outline-dark" size="sm" disabled={posting !== null || waiting} onClick={() => onRun(entry.action)}>
            {waiting ? `${entry.label}...` : entry.label}
          </Button>
        );
      })}
    </div>
  );
}
