import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { ItemDetail } from '../../shared/items';
import VisibilityBadge from './VisibilityBadge';

interface ItemHeaderProps {
  item: Pick<ItemDetail, 'title' | 'visibility' | 'show_as_user_contributed'>;
  actions: ReactNode;
}

export default function ItemHeader({ item, actions }: ItemHeaderProps) {
  return (
    <header className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-3">
      <div>
        <h1 className="mb-1">{item.title}</h1>
        <div className="d-flex gap-2">
          <VisibilityBadge visibility={item.visibility} />
          {item.show_as_user_contributed && <Badge bg="info">User contributed</Badge>}
        </div>
      </div>
      {actions}
    </header>
  );
}
