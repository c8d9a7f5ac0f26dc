import Badge from 'react-bootstrap/Badge';
import { TASK_PRIORITY_LABELS } from '../../shared/enums';
import type { ItemDetail, ItemTask } from '../../shared/items';
import { EMPTY_STATES } from '../../shared/messages';
import EditableItemField from '../item-edit/EditableItemField';
import { displayWith } from './field-display';
import { formatDay } from './format';
import { mayCurate, type ItemEditMode } from './item-edit-mode';
import SidebarSection from './SidebarSection';

const PRIORITY_COLOURS: Record<ItemTask['priority'], string> = { 1: 'secondary', 2: 'info', 3: 'danger' };

/** Open tasks: what still needs doing on this item. */
export function TasksSection({ tasks }: { tasks: ItemTask[] }) {
  const open = tasks.filter((task) => !task.completed);
  return (
    <SidebarSection title="Tasks">
      {open.length === 0 ? (
        <p className="small text-body-secondary mb-0">{EMPTY_STATES.tasks}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {open.map((task) => (
            <li key={task.ref} className="mb-2">
              <div>{task.task}</div>
              <div className="d-flex flex-wrap gap-1 small">
                <Badge bg={PRIORITY_COLOURS[task.priority]}>{TASK_PRIORITY_LABELS[task.priority]}</Badge>
                {task.due_date && <TaskDue task={task} />}
                {task.forUserName && <span className="text-body-secondary">for {task.forUserName}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}

function TaskDue({ task }: { task: ItemTask }) {
  const className = task.due ? 'text-danger fw-semibold' : task.due_soon ? 'text-warning-emphasis' : 'text-body-secondary';
  const status = task.due ? ' (overdue)' : task.due_soon ? ' (due soon)' : '';
  return <span className={className}>{`Due ${formatDay(task.due_date ?? '')}${status}`}</span>;
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
          renderValue={displayWith(formatDay, 'Not planned')}
        />
      </dd>
      <dt>Review</dt>
      <dd className="mb-0">
        <EditableItemField itemRef={item.ref} field="review" label="Review" mode="textarea" value={item.review} editable={editable} emptyText="None" />
      </dd>
    </>
  );
}
