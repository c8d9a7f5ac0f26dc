import { useState } from 'react';
import { usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import type { ItemDetail, ItemTask } from '../../shared/items';
import type { PageProps } from '../../shared/pages';
import { TASK_TEXTS } from '../../shared/tasks';
import ReopenModeSwitch from '../tasks/ReopenModeSwitch';
import TaskList from '../tasks/TaskList';
import EditableItemField from '../item-edit/EditableItemField';
import { displayWith } from './field-display';
import { useDates } from '../lib/useDates';
import { mayCurate, type ItemEditMode } from './item-edit-mode';
import SidebarSection from './SidebarSection';
import { onDemandDialog } from '../lib/on-demand';

// Loaded when first opened, by those who may add tasks.
const TaskForm = onDemandDialog(() => import('../tasks/TaskForm'));

/** The item's tasks (its editors' work list): open ones, those completed after the cutoff, and in Re-Open mode all. */
export function TasksSection({ itemRef, tasks }: { itemRef: string; tasks: ItemTask[] }) {
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

type InfoItem = Pick<ItemDetail, 'ref' | 'code' | 'view_count' | 'recent_view_count' | 'review_after' | 'review'>;

/** Item code and how often it is opened; in edit mode the admins' review notes, which only editors receive. */
export function InfoSection({ item, mode }: { item: InfoItem; mode: ItemEditMode }) {
  return (
    <SidebarSection title="Info">
      <dl className="mb-0 small">
        <dt>Item code</dt>
        <dd>
          <code>{item.code}</code>
        </dd>
        <dt>Views</dt>
        <dd className={mode.editing ? undefined : 'mb-0'}>
          {item.view_count.toLocaleString('en-GB')}
          <span className="text-body-secondary"> ({item.recent_view_count.toLocaleString('en-GB')} in the last 30 days)</span>
        </dd>
        {mode.editing && <ReviewFields item={item} editable={mayCurate(mode)} />}
      </dl>
    </SidebarSection>
  );
}

function ReviewFields({ item, editable }: { item: InfoItem; editable: boolean }) {
  const dates = useDates();
  return (
    <>
      <dt>Review after</dt>
      <dd>
        <EditableItemField
          itemRef={item.ref}
          field="review_after"
          label="Review after"
          inputType="date"
          value={item.review_after}
          editable={editable}
          renderValue={displayWith(dates.day, 'Not planned')}
        />
      </dd>
      <dt>Review</dt>
      <dd className="mb-0">
        <EditableItemField itemRef={item.ref} field="review" label="Review" mode="textarea" value={item.review} editable={editable} emptyText="None" />
      </dd>
    </>
  );
}
