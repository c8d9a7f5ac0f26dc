import { usePage } from '@inertiajs/react';
import SidebarLink from './SidebarLink';
import ThemeChoice from './ThemeChoice';
import { sidebarItems } from './sidebar-items';
import { onDemand } from '../lib/on-demand';

// Only those signed in have a history, and the server renders no signed-in page.
const HistoryGroups = onDemand(() => import('./HistoryGroups'));

/** The main navigation: fixed entries per the viewer's menu flags plus the page's own entries. */
export default function LeftSidebar() {
  const { menu, sidebarEntries } = usePage().props;
  return (
    <>
      <nav aria-label="Main">
        <ul className="nav nav-pills flex-column flex-nowrap gap-1">
          {sidebarItems(menu, sidebarEntries).map((item) =>
            item.kind === 'history' ? (
              <HistoryGroups key="history" />
            ) : (
              <SidebarLink key={`${item.href} ${item.label}`} label={item.label} href={item.href} icon={item.icon} />
            ),
          )}
        </ul>
      </nav>
      <ThemeChoice />
    </>
  );
}
