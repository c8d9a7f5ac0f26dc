import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { ItemTask } from '../../shared/items';
import { TASK_TEXTS } from '../../shared/tasks';
import ItemLink from '../lib/ItemLink';
import { postKeepingScroll } from '../lib/visits';
import { PriorityBadge, TaskDue } from './TaskBadges';
import { ROUTES } from '../../shared/routes';

interface TaskRowProps {
  task: ItemTask;
  /** Re-Open mode: completed tasks offer Re-Open. */
  reopenMode: boolean;
  /** My Tasks names each task's item; the item page does not repeat its own. */
  showItem?: boolean;
  /** Who it is for: the item page names the assignee; My Tasks lists only the viewer's own. */
  showAssignee?: boolean;
}

/** One task: what to do, its priority and due date, who it is for, and Mark as Done or (in Re-Open mode) Re-Open. */
export default function TaskRow({ task, reopenMode, showItem = false, showAssignee = true }: TaskRowProps) {
  const reopen = () => {
    if (window.confirm(TASK_TEXTS.reOpenConfirm)) postKeepingScroll(ROUTES.taskIncomplete.path({ ref: task.ref }));
  };
  return (
    <li className="mb-2" aria-label={task.task}>
      <div className={task.completed ? 'text-decoration-line-through text-body-secondary' : undefined}>{task.task}</div>
      {task.notes && <div className="small text-body-secondary text-break">{task.notes}</div>}
      <div className="d-flex flex-wrap align-items-center gap-1 small">
        <PriorityBadge priority={task.priority} />
        {task.completed ? <Badge bg="success">{TASK_TEXTS.done}</Badge> : <TaskDue task={task} />}
        {showAssignee && task.forUserName && <span className="text-body-secondary">for {task.forUserName}</span>}
        {showItem && <TaskItem task={task} />}
      </div>
      <div className="mt-1">
        {!task.completed && (
          <Button size="sm" variant="outline-success" onClick={() => postKeepingScroll(ROUTES.taskComplete.path({ ref: task.ref }))}>
            {TASK_TEXTS.markAsDone}
          </Button>
        )}
        {task.completed && reopenMode && (
          <Button size="sm" variant="outline-secondary" onClick={reopen}>
            {TASK_TEXTS.reOpen}
          </Button>
        )}
      </div>
    </li>
  );
}

function TaskItem({ task }: { task: ItemTask }) {
  if (!task.item_ref || !task.item_title) return <span className="text-body-secondary fst-italic">{TASK_TEXTS.itemUnavailable}</span>;
  return (
    <span>
      on <ItemLink itemRef={task.item_ref}>{task.item_title}</ItemLink>
    </span>
  );
}
