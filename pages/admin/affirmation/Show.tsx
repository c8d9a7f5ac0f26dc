import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import { AFFIRMATION_TEXTS, deleteAffirmationConfirm } from '../../../shared/admin';
import type { PageProps } from '../../../shared/pages';
import RecordActions from '../../../components/lib/RecordActions';
import InlineCheckbox from '../../../components/admin/InlineCheckbox';
import NegativeHelp from '../../../components/admin/NegativeHelp';
import InlineEditableField from '../../../components/inline-edit/InlineEditableField';
import PageHeader from '../../../components/layout/PageHeader';
import { ROUTES } from '../../../shared/routes';
import LabelledField from '../../../components/lib/LabelledField';

/**
 * An affirmation: its title and Negative flag, edited in place, and
 * Delete, whose confirmation says how many affirmations go with it to the trash.
 */
export default function AdminAffirmationShow({ affirmation, impact, can }: PageProps<'admin/affirmation/Show'>) {
  const [editingRef, setEditingRef] = useState<string | null>(null);
  const editing = can.update && editingRef === affirmation.ref;
  const url = ROUTES.adminAffirmation.path({ ref: affirmation.ref });

  const remove = () => {
    if (window.confirm(deleteAffirmationConfirm(impact))) router.delete(url);
  };

  return (
    <>
      <Head title={affirmation.title} />
      <PageHeader
        title={affirmation.title}
        meta={affirmation.is_negative ? <Badge bg="danger">{AFFIRMATION_TEXTS.disapproval}</Badge> : undefined}
        tools={
          <RecordActions
            label="Affirmation actions"
            can={can}
            editing={editing}
            onToggleEditing={() => setEditingRef(editing ? null : affirmation.ref)}
            onDelete={remove}
          />
        }
      />
      <div className="d-grid gap-3">
        <LabelledField label={AFFIRMATION_TEXTS.title}>
          <InlineEditableField field="title" label={AFFIRMATION_TEXTS.title} value={affirmation.title} url={url} editable={editing} />
        </LabelledField>
        <InlineCheckbox
          field="is_negative"
          label={AFFIRMATION_TEXTS.negative}
          checked={affirmation.is_negative}
          editable={editing}
          url={url}
          help={<NegativeHelp negative={affirmation.is_negative} />}
        />
      </div>
    </>
  );
}
