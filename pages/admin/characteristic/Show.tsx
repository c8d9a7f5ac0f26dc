import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { CHARACTERISTIC_TEXTS, deleteCharacteristicConfirm, formatChangeText } from '../../../shared/admin';
import { useDates } from '../../../components/lib/useDates';
import type { PageProps } from '../../../shared/pages';
import RecordActions from '../../../components/lib/RecordActions';
import CharacteristicFormatField from '../../../components/admin/CharacteristicFormatField';
import InlineCheckbox from '../../../components/admin/InlineCheckbox';
import LinkShareButton from '../../../components/admin/LinkShareButton';
import InlineEditableField from '../../../components/inline-edit/InlineEditableField';
import PageHeader from '../../../components/layout/PageHeader';
import { ROUTES } from '../../../shared/routes';
import LabelledField from '../../../components/lib/LabelledField';

/**
 * A characteristic: title, usage note, format and public, edited in
 * place in edit mode, with Delete and a Share button that offers its link.
 */
export default function AdminCharacteristicShow({ characteristic, formats, valueCount, formatChange, can }: PageProps<'admin/characteristic/Show'>) {
  const dates = useDates();
  // Edit mode belongs to the characteristic it was switched on for.
  const [editingRef, setEditingRef] = useState<string | null>(null);
  const editing = can.update && editingRef === characteristic.ref;
  const url = ROUTES.adminCharacteristic.path({ ref: characteristic.ref });

  const remove = () => {
    if (window.confirm(deleteCharacteristicConfirm(valueCount))) router.delete(url);
  };

  return (
    <>
      <Head title={characteristic.title} />
      <PageHeader
        title={characteristic.title}
        meta={
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Badge bg="secondary">{formats[characteristic.format] ?? characteristic.format}</Badge>
            {!characteristic.public && (
              <Badge bg="warning" text="dark">
                {CHARACTERISTIC_TEXTS.notPublic}
              </Badge>
            )}
          </div>
        }
        tools={
          <RecordActions
            label="Characteristic actions"
            can={can}
            editing={editing}
            onToggleEditing={() => setEditingRef(editing ? null : characteristic.ref)}
            onDelete={remove}
          />
        }
        share={can.share ? <LinkShareButton path={url} title={characteristic.title} /> : undefined}
      />
      <div className="d-grid gap-3">
        <LabelledField label={CHARACTERISTIC_TEXTS.title}>
          <InlineEditableField field="title" label={CHARACTERISTIC_TEXTS.title} value={characteristic.title} url={url} editable={editing} />
        </LabelledField>
        <LabelledField label={CHARACTERISTIC_TEXTS.usageNote}>
          <InlineEditableField
            field="usage_note"
            label={CHARACTERISTIC_TEXTS.usageNote}
            mode="textarea"
            value={characteristic.usage_note}
            url={url}
            editable={editing}
            emptyText={CHARACTERISTIC_TEXTS.noUsageNote}
          />
        </LabelledField>
        <LabelledField label={CHARACTERISTIC_TEXTS.format}>
          <CharacteristicFormatField url={url} format={characteristic.format} formats={formats} editable={editing} />
          {formatChange && can.update && (
            // The latest format change, undoable whole for 30 days: the old format and every value it changed or removed.
            <div className="d-flex flex-wrap align-items-center gap-2 mt-1 small">
              <span>{formatChangeText(formatChange, formats, `on ${dates.dayAndTime(formatChange.at)}`)}</span>
              <Button
                size="sm"
                variant="outline-secondary"
                onClick={() => router.post(ROUTES.adminCharacteristicFormatUndo.path({ ref: characteristic.ref }), {}, { preserveScroll: true })}
              >
                {CHARACTERISTIC_TEXTS.undoFormatChange}
              </Button>
            </div>
          )}
        </LabelledField>
        {characteristic.format === 'integer' && (
          <LabelledField label={CHARACTERISTIC_TEXTS.minimum}>
            <InlineEditableField
              field="minimum"
              label={CHARACTERISTIC_TEXTS.minimum}
              mode="integer"
              value={characteristic.minimum}
              url={url}
              editable={editing}
              emptyText={CHARACTERISTIC_TEXTS.noMinimum}
            />
            {editing && <div className="form-text">{CHARACTERISTIC_TEXTS.minimumHelp}</div>}
          </LabelledField>
        )}
        <InlineCheckbox
          field="public"
          label={CHARACTERISTIC_TEXTS.public}
          checked={characteristic.public}
          editable={editing}
          url={url}
          help={CHARACTERISTIC_TEXTS.publicHelp}
        />
      </div>
    </>
  );
}
