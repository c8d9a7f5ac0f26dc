import type { ItemDetail } from '../../shared/items';
import RightSidebar from '../layout/RightSidebar';
import { AccessSection, InfoSection, OwnershipSection, TasksSection } from './ItemSidebarSections';

/** Admins get the layout's right sidebar with Tasks, Access, Ownership and Info (member-library §2 Layout). */
export function ItemAdminSidebar({ item }: { item: ItemDetail }) {
  return (
    <RightSidebar>
      <TasksSection tasks={item.tasks} />
      <AccessSection item={item} />
      <OwnershipSection item={item} />
      <InfoSection item={item} />
    </RightSidebar>
  );
}

/** Everyone else sees the same facts beside the item: tasks for its editors, the maintainer when named. */
export function ItemAboutPanel({ item, editor }: { item: ItemDetail; editor: boolean }) {
  return (
    <aside aria-label="About this item" className="border rounded p-3">
      {editor && <TasksSection tasks={item.tasks} />}
      <AccessSection item={item} />
      {(editor || item.created_by_user_name) && <OwnershipSection item={item} />}
      <InfoSection item={item} />
    </aside>
  );
}
