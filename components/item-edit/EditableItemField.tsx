import InlineEditableField, { type InlineEditableFieldProps } from '../inline-edit/InlineEditableField';
import type { ItemFieldName } from './item-fields';
import { ROUTES } from '../../shared/routes';

export interface EditableItemFieldProps extends Omit<InlineEditableFieldProps, 'field' | 'url'> {
  itemRef: string;
  field: ItemFieldName;
}

/** One field of an item, edited in place with a PATCH to /i/{ref}. */
export default function EditableItemField({ itemRef, ...props }: EditableItemFieldProps) {
  return <InlineEditableField {...props} url={ROUTES.item.path({ ref: itemRef })} />;
}
