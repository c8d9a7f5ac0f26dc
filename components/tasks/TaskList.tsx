import type { ItemTask } from '../../shared/items';
import { EMPTY_STATES } from '../../shared/messages';
import { isTaskShown } from '../../shared/tasks';
import TaskRow from './TaskRow';

interface TaskListProps {
  tasks: ItemTask[];
  reopenMode: boolean;
  label: string;
  showItem?: boolean;
  showAssignee?: boolean;
  emptyText?: string;
}

/** The tasks that show (completed ones only after the cutoff, or in Re-Open mode), or 'No tasks'. */
export default function TaskList({ tasks, reopenMode, label, showItem, showAssignee, emptyText = EMPTY_STATES.tasks }: TaskListProps) {
  const shown = tasks.filter((task) => isTaskShown(task, reopenMode));
  if (shown.length === 0) return <p className="small text-body-secondary mb-0">{emptyText}</p>;
  return (
    <ul className="list-unstyled mb-0" aria-label={label}>
      {shown.map((task) => (
        <TaskRow key={task.ref} task={task} reopenMode={reopenMode} showItem={showItem} showAssignee={showAssignee} />
      ))}
    </ul>
  );
}
