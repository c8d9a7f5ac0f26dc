import { useId, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { TASK_PRIORITY_LABELS } from '../../shared/enums';
import type { ItemDetail, ItemTask } from '../../shared/items';
import { clampLevel, LEVEL_NAMES } from '../../shared/levels';
import { EMPTY_STATES } from '../../shared/messages';
import { formatDay } from './format';

/** One titled block of the item's sidebars. */
function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mb-4">
      <h2 id={titleId} className="h6 text-uppercase text-body-secondary">
        {title}
      </h2>
      {children}
    </section>
  );
}

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

/** Who may see the item: its visibility and minimum access level. */
export function AccessSection({ item }: { item: Pick<ItemDetail, 'visibility_label' | 'visibility_explanation' | 'minimum_access_level'> }) {
  return (
    <SidebarSection title="Access">
      <dl className="mb-0 small">
        <dt>Visibility</dt>
        <dd>
          {item.visibility_label}
          <div className="text-body-secondary">{item.visibility_explanation}</div>
        </dd>
        <dt>Minimum access</dt>
        <dd className="mb-0">{LEVEL_NAMES[clampLevel(item.minimum_access_level)]}</dd>
      </dl>
    </SidebarSection>
  );
}

type OwnershipItem = Pick<ItemDetail, 'created_by_user_name' | 'created_by_user_email' | 'show_as_user_contributed'>;

/** The maintainer, when the server names them to this viewer. */
export function OwnershipSection({ item }: { item: OwnershipItem }) {
  return (
    <SidebarSection title="Ownership">
      <dl className="mb-0 small">
        <dt>Maintainer</dt>
        <dd className="mb-0">
          {item.created_by_user_name ?? <span className="text-body-secondary">Not shown</span>}
          {item.created_by_user_email && (
            <div>
              <a href={`mailto:${item.created_by_user_email}`}>{item.created_by_user_email}</a>
            </div>
          )}
          {item.show_as_user_contributed && <div className="text-body-secondary">Shown as user contributed</div>}
        </dd>
      </dl>
    </SidebarSection>
  );
}

/** Item code and how often it is opened. */
export function InfoSection({ item }: { item: Pick<ItemDetail, 'code' | 'view_count' | 'recent_view_count'> }) {
  return (
    <SidebarSection title="Info">
      <dl className="mb-0 small">
        <dt>Item code</dt>
        <dd>
          <code>{item.code}</code>
        </dd>
        <dt>Views</dt>
        <dd className="mb-0">
          {item.view_count.toLocaleString('en-GB')}
          <span className="text-body-secondary"> ({item.recent_view_count.toLocaleString('en-GB')} in the last 30 days)</span>
        </dd>
      </dl>
    </SidebarSection>
  );
}
