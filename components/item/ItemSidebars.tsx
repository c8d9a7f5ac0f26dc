import type { ItemDetail } from '../../shared/items';
import type { ResourceGrants } from '../../shared/sharing';
import RightSidebar from '../layout/RightSidebar';
import AccessSection from './AccessSection';
import { InfoSection } from './InfoSection';
import type { ItemEditMode } from './item-edit-mode';
import OwnershipSection from './OwnershipSection';
import { onDemand } from '../lib/on-demand';

// Tasks load apart: the maintainers' panel of an item without tasks does without their code.
const TasksSection = onDemand(() => import('./TasksSection'));

interface ItemSidebarProps {
  item: ItemDetail;
  mode: ItemEditMode;
  /** Who has been given access: the page's on-demand prop, for the Access section's panel. */
  grants?: ResourceGrants;
}

/** Admins get the layout's right sidebar with Tasks, Access, Ownership and Info. */
export function ItemAdminSidebar({ item, mode, grants }: ItemSidebarProps) {
  return (
    <RightSidebar>
      <TasksSection itemRef={item.ref} tasks={item.tasks} />
      <AccessSection item={item} mode={mode} grants={grants} />
      <OwnershipSection item={item} mode={mode} />
      <InfoSection item={item} mode={mode} />
    </RightSidebar>
  );
}

/**
 * The item's maintainers who are not admins see the same sections beside the item, for their own item only: its tasks,
 * Submit for Publishing, its minimum access, code and views. Members and visitors get none of it (the server sends them
 * no code, counts or visibility explanation); the maintainer's name, when shown, is among the item's facts. Not printed.
 */
export function ItemAboutPanel({ item, mode, grants }: ItemSidebarProps) {
  return (
    <aside aria-label="About this item" className="border rounded p-3" data-print="hidden">
      <TasksSection itemRef={item.ref} tasks={item.tasks} />
      <AccessSection item={item} mode={mode} grants={grants} />
      <OwnershipSection item={item} mode={mode} />
      <InfoSection item={item} mode={mode} />
    </aside>
  );
}
