import { usePage } from '@inertiajs/react';
import SidebarGroup from './SidebarGroup';
import { useNavigationHistory } from './useNavigationHistory';

/** Recent, Frequent and Collections groups for the signed-in user. */
export default function HistoryGroups() {
  const userRef = usePage().props.auth.user?.ref ?? null;
  const history = useNavigationHistory(userRef);
  return (
    <>
      <SidebarGroup title="Recent" icon="bi-clock-history" entries={history?.recentlyViewedItems ?? []} />
      <SidebarGroup title="Frequent" icon="bi-star" entries={history?.frequentlyViewedItems ?? []} />
      <SidebarGroup title="Collections" icon="bi-collection" entries={history?.myCollections ?? []} />
    </>
  );
}
