import { useState } from 'react';
import { usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import type { ItemTask } from '../../shared/items';
import type { PageProps } from '../../shared/pages';
import { TASK_TEXTS } from '../../shared/tasks';
import ReopenModeSwitch from '../tasks/ReopenModeSwitch';
import TaskList from '../tasks/TaskList';
import SidebarSection from './SidebarSection';
import { onDemandDialog } from '../lib/on-demand';

// Loaded when first opened, by those who may add tasks.
const TaskForm = onDemandDialog(() => import('../tasks/TaskForm'));

/** The item's tasks (its editors' work list): open ones, those completed after the cutoff, and in Re-Open mode all. */
export default function TasksSection({ itemRef, tasks }: { itemRef: string; tasks: ItemTask[] }) {
  const { taskCan } = usePage().props as unknown as PageProps<'items/Show'>;
  const [reopenMode, setReopenMode] = useState(false);
  const [adding, setAdding] = useState(false);
  return (
    <SidebarSection title="Tasks">
      <TaskList tasks={tasks} reopenMode={reopenMode} label="Tasks" />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2">
        {tasks.some((task) => task.completed) && <ReopenModeSwitch on={reopenMode} onChange={setReopenMode} />}
        {taskCan.create && (
          <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
            {TASK_TEXTS.addTask}
          </Button>
        )}
      </div>
      {taskCan.create && <TaskForm itemRef={itemRef} show={adding} onHide={() => setAdding(false)} assignOthers={taskCan.assignOthers} />}
    </SidebarSection>
  );
}
