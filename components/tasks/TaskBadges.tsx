import Badge from 'react-bootstrap/Badge';
import { TASK_PRIORITY_LABELS } from '../../shared/enums';
import type { ItemTask } from '../../shared/items';
import { useDates } from '../lib/useDates';

const PRIORITY_COLOURS: Record<ItemTask['priority'], string> = { 1: 'secondary', 2: 'info', 3: 'danger' };

/** Info's light blue needs dark text to be read (WCAG contrast); the others take the badge's white. */
export function PriorityBadge({ priority }: { priority: ItemTask['priority'] }) {
  const colour = PRIORITY_COLOURS[priority];
  return (
    <Badge bg={colour} text={colour === 'info' ? 'dark' : undefined}>
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** The due date, marked when it has passed (due) or is near (due soon). */
export function TaskDue({ task }: { task: Pick<ItemTask, 'due' | 'due_soon' | 'due_date'> }) {
  const dates = useDates();
  if (!task.due_date) return null;
  const className = task.due ? 'text-danger fw-semibold' : task.due_soon ? 'text-warning-emphasis' : 'text-body-secondary';
  const status = task.due ? ' (overdue)' : task.due_soon ? ' (due soon)' : '';
  return <span className={className}>{`Due ${dates.day(task.due_date)}${status}`}</span>;
}
