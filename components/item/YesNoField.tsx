import { YES_NO_OPTIONS } from '../inline-edit/inline-values';
import type { SaveFunction } from '../inline-edit/save';
import EditableItemField from '../item-edit/EditableItemField';
import { patchKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';

interface YesNoFieldProps {
  itemRef: string;
  field: 'show_created_by' | 'show_as_user_contributed';
  label: string;
  value: boolean;
  editable: boolean;
}

/** A yes/no item field, edited with a select and saved as a boolean (the server takes no text for flags). */
export default function YesNoField({ itemRef, field, label, value, editable }: YesNoFieldProps) {
  const save: SaveFunction = (chosen, callbacks) => patchKeepingScroll(ROUTES.item.path({ ref: itemRef }), { [field]: chosen === 'true' }, callbacks);
  return (
    <EditableItemField
      itemRef={itemRef}
      field={field}
      label={label}
      mode="select"
      required
      options={YES_NO_OPTIONS}
      value={String(value)}
      editable={editable}
      save={save}
    />
  );
}
