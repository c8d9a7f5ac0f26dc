import type { ItemCharacteristic } from '../../shared/items';
import InlineEditableField, { type InlineEditableFieldProps } from '../inline-edit/InlineEditableField';
import { YES_NO_OPTIONS } from '../inline-edit/inline-values';
import { deleteKeepingScroll } from '../lib/visits';
import { characteristicField } from './item-fields';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

export interface CharacteristicEditorProps {
  itemRef: string;
  characteristic: ItemCharacteristic;
  editable: boolean;
}

/** How each CHARACTERISTIC_FORMATS value is edited. */
function editorFor({ format, minimum }: ItemCharacteristic): Pick<InlineEditableFieldProps, 'mode' | 'inputType' | 'options' | 'min'> {
  switch (format) {
    case 'integer':
      return { mode: 'integer', min: minimum ?? undefined };
    case 'boolean':
      return { mode: 'select', options: YES_NO_OPTIONS };
    case 'year_month':
      return { mode: 'text', inputType: 'month' };
    case 'url':
      return { mode: 'text', inputType: 'url' };
    default:
      return { mode: 'text' };
  }
}

/** One characteristic of an item: its value edited by format, and removed with the delete button. */
export default function CharacteristicEditor({ itemRef, characteristic, editable }: CharacteristicEditorProps) {
  const remove = () => deleteKeepingScroll(ROUTES.itemCharacteristic.path({ ref: itemRef, characteristicRef: characteristic.ref }));
  return (
    <div className="d-flex align-items-start gap-2">
      <div className="flex-grow-1">
        <InlineEditableField
          {...editorFor(characteristic)}
          field={characteristicField(characteristic.ref)}
          label={characteristic.title}
          url={ROUTES.item.path({ ref: itemRef })}
          value={characteristic.value}
          editable={editable}
          placeholder={characteristic.usage_note}
          emptyText="Not set"
        />
      </div>
      {editable && characteristic.value !== null && (
        <button type="button" className="btn btn-sm btn-link text-danger p-0" aria-label={`Remove ${characteristic.title}`} onClick={remove}>
          <Icon name="bi-trash" />
        </button>
      )}
    </div>
  );
}
