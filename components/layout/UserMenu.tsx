import { router, usePage } from '@inertiajs/react';
import Dropdown from 'react-bootstrap/Dropdown';
import AppLink from '../lib/AppLink';
import { VIEW_AS_TEXT, viewAsChoiceLabel } from '../../shared/view-as';
import { startViewingAs } from '../view-as/ViewAsControl';
import Icon from '../lib/Icon';
import { clearOfflineCopies } from '../offline/offline-copies';

/** The user menu entries, in their order; Logout follows them. */
export const USER_MENU_ENTRIES = [
  { label: 'My Tasks', href: '/task', icon: 'bi-check2-square' },
  { label: 'Shared With Me', href: '/share', icon: 'bi-inbox' },
  { label: 'Shared To Others', href: '/sent', icon: 'bi-send' },
  { label: 'My Collections', href: '/collection', icon: 'bi-collection' },
  { label: 'My Affirmations', href: '/affirmation', icon: 'bi-hand-thumbs-up' },
  { label: 'Profile', href: '/profile', icon: 'bi-person' },
] as const;

export default function UserMenu() {
  const page = usePage();
  const { auth, can } = page.props;
  const name = auth.user?.name ?? 'Account';
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="link-light text-decoration-none d-flex align-items-center gap-1 app-navbar-button"
        aria-label={`User menu for ${name}`}
      >
        <Icon name="bi-person-circle" className="fs-5" />
        <span className="d-none d-md-inline text-truncate app-user-name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {USER_MENU_ENTRIES.map((entry) => (
          <Dropdown.Item key={entry.href} as={AppLink} href={entry.href}>
            <Icon name={entry.icon} className="me-2" />
            {entry.label}
          </Dropdown.Item>
        ))}
        {can.viewAs.length > 0 && (
          <>
            <Dropdown.Divider />
            <Dropdown.Header>{VIEW_AS_TEXT.menuHeader}</Dropdown.Header>
            {can.viewAs.map((target) => (
              <Dropdown.Item key={target} as="button" type="button" onClick={() => startViewingAs(target, page.url)}>
                <Icon name="bi-eye" className="me-2" />
                {viewAsChoiceLabel(target)}
              </Dropdown.Item>
            ))}
          </>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" onClick={() => void clearOfflineCopies().finally(() => router.post('/logout'))}>
          <Icon name="bi-box-arrow-right" className="me-2" />
          Logout
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
