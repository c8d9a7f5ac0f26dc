import Dropdown from 'react-bootstrap/Dropdown';
import AppLink from '../lib/AppLink';
import Icon from '../lib/Icon';
import type { PageHeaderMenuItem } from './PageHeader';

/** The page header's 'More actions' menu (PageHeader). */
export default function PageHeaderOverflowMenu({ items }: { items: readonly PageHeaderMenuItem[] }) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle size="sm" variant="outline-secondary" className="app-no-caret" aria-label="More actions">
        <Icon name="bi-three-dots-vertical" />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {items.map((item) => {
          const className = item.danger ? 'text-danger' : undefined;
          return item.href !== undefined ? (
            <Dropdown.Item key={item.label} as={AppLink} href={item.href} className={className}>
              {item.label}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item key={item.label} as="button" type="button" onClick={item.onClick} className={className}>
              {item.label}
            </Dropdown.Item>
          );
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
