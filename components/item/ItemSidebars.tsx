import type { ItemDetail } from '../../shared/items';
import type { ResourceGrants } from '../../shared/sharing';
import RightSidebar from '../layout/RightSidebar';
import AccessSection from './AccessSection';
import { InfoSection } from './InfoSection';
import type { ItemEditMode } from './item-edit-mode';
import OwnershipSection from './OwnershipSection';
import { onDemand } from '../lib/on-demand';

// Tasks are for the item's editors and admins only, whose pages the server never renders.
const TasksSection = onDemand(() => import('./TasksSection'));

interface ItemSidebarProps {
  item: ItemDetail;
  mode: ItemEditMode;
  /** Who has been given access: the page's on-demand prop, for the Access section's panel. */
  grants?: ResourceGrants;
}

/** Admins get the layout's right sidebar with Tasks, Access, Ownership and Info (member-library §2 Layout). */
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

/** Everyone else sees the same facts beside the item: tasks for its editors, the maintainer when named. */
export function ItemAboutPanel({ item, mode, editor, grants }: ItemSidebarProps & { editor: boolean }) {
  return (
    <aside aria-label="About this item" className="border rounded p-3">
      {editor && <TasksSection itemRef={item.ref} tasks={item.tasks} />}
      <AccessSection item={item} mode={mode} grants={grants} />
      {(editor || item.created_by_user_name) && <OwnershipSection item={item} mode={mode} />}
      <InfoSection item={item} mode={mode} />
    </aside>
  );
}
