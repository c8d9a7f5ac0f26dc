import { usePage } from '@inertiajs/react';
import type { NavigationHistory } from '../../shared/props';
import SidebarGroup from './SidebarGroup';
import { useNavigationHistory } from './useNavigationHistory';

/** Recent, Frequent and Collections groups for the signed-in user. */
export default function HistoryGroups() {
  const { auth, navigationHistory } = usePage().props;
  const history = useNavigationHistory(auth.user?.ref ?? null, navigationHistory) ?? 'loading';
  const entries = (group: keyof NavigationHistory) => (typeof history === 'string' ? history : history[group]);
  return (
    <>
      <SidebarGroup title="Recent" icon="bi-clock-history" entries={entries('recentlyViewedItems')} />
      <SidebarGroup title="Frequent" icon="bi-star" entries={entries('frequentlyViewedItems')} />
      <SidebarGroup title="Collections" icon="bi-collection" entries={entries('myCollections')} />
    </>
  );
}
