import { USER_INVITATIONS_TITLE, USER_INVITATIONS_URL } from '../../shared/navigation';
import type { MenuFlags, SidebarEntry } from '../../shared/props';

export type SidebarItem = ({ kind: 'link' } & Required<SidebarEntry>) | { kind: 'history' };

const link = (label: string, href: string, icon: string): SidebarItem => ({ kind: 'link', label, href, icon });

const DEFAULT_PAGE_ENTRY_ICON = 'bi-chevron-right';

/**
 * The left sidebar, filtered by the viewer's menu flags. User Invitations follows Manage
 * Users: otherwise only a link in the share explanation led there.
 */
export function sidebarItems(menu: MenuFlags, pageEntries: SidebarEntry[] = []): SidebarItem[] {
  const shown = (flag: boolean, item: SidebarItem) => (flag ? [item] : []);
  return [
    link('Home', '/', 'bi-house'),
    ...shown(menu.systemAdmin, link('System Admin', '/admin', 'bi-gear')),
    ...shown(menu.manageUsers, link('Manage Users', '/user', 'bi-people')),
    ...shown(menu.invitations, link(USER_INVITATIONS_TITLE, USER_INVITATIONS_URL, 'bi-envelope-plus')),
    ...shown(menu.documentation, link('Documentation', '/documentation', 'bi-journal-text')),
    ...pageEntries.map((entry) => link(entry.label, entry.href, entry.icon ?? DEFAULT_PAGE_ENTRY_ICON)),
    link('Popular', '/popular', 'bi-fire'),
    ...shown(menu.drafts, link('Drafts', '/draft', 'bi-pencil-square')),
    ...shown(menu.unpublished, link('Unpublished', '/unpublished', 'bi-eye-slash')),
    ...shown(menu.unlisted, link('Unlisted', '/unlisted', 'bi-link-45deg')),
    ...shown(menu.history, { kind: 'history' }),
    link('All Items', '/item', 'bi-grid'),
  ];
}
