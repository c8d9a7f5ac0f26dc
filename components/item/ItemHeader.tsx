import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { ItemDetail } from '../../shared/items';
import PageHeader from '../layout/PageHeader';
import VisibilityBadge from './VisibilityBadge';

interface ItemHeaderProps {
  item: Pick<ItemDetail, 'title' | 'visibility' | 'show_as_user_contributed'>;
  /** The item's own toolbar (ItemActions). */
  actions: ReactNode;
  /** The item's Share button. */
  share: ReactNode;
}

/** The item page's header: the shared PageHeader with the item's badges under the title. */
export default function ItemHeader({ item, actions, share }: ItemHeaderProps) {
  return (
    <PageHeader
      title={item.title}
      meta={
        <div className="d-flex gap-2">
          <VisibilityBadge visibility={item.visibility} />
          {item.show_as_user_contributed && (
            <Badge bg="info" text="dark">
              User contributed
            </Badge>
          )}
        </div>
      }
      tools={actions}
      share={share}
    />
  );
}
