import { router } from '@inertiajs/react';
import { DELETE_ITEM_CONFIRM } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

export interface ItemEditActionsProps {
  itemRef: string;
  /** The item page's `can.duplicate` and `can.delete`. */
  can: { duplicate: boolean; delete: boolean };
  /** Asks before deleting; replaceable in tests. */
  confirm?: (message: string) => boolean;
}

export const DELETE_ITEM_CONFIRMATION = DELETE_ITEM_CONFIRM;

/** Duplicate (POST /i/{ref}) and Delete (DELETE /i/{ref}, after confirmation) buttons. */
export default function ItemEditActions({ itemRef, can, confirm = (message) => window.confirm(message) }: ItemEditActionsProps) {
  const duplicate = () => router.post(ROUTES.item.path({ ref: itemRef }));
  const remove = () => {
    if (confirm(DELETE_ITEM_CONFIRMATION)) router.delete(ROUTES.item.path({ ref: itemRef }));
  };
  return (
    <>
      {can.duplicate && (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={duplicate}>
          <Icon name="bi-copy" className="me-1" />
          Duplicate
        </button>
      )}
      {can.delete && (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={remove}>
          <Icon name="bi-trash" className="me-1" />
          Delete
        </button>
      )}
    </>
  );
}
