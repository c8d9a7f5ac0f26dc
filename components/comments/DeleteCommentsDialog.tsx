import Notice from '../lib/Notice';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
import FormTextField from '../forms/FormTextField';
import { ADMIN_COMMENTS_DELETE_URL, COMMENT_CONFIRM, FLAG_NOTE_MAX_LENGTH, FLAG_REASONS, FROM_FLAGS, type RemovalReasonChoice } from '../../shared/comments';
import { plural } from '../../shared/messages';

/** The comments of a bulk call: one by one, or every waiting one (as many as the page said were waiting). */
export type CommentSelection = { refs: string[] } | { waiting: number };

interface DeleteCommentsDialogProps {
  selection: CommentSelection;
  show: boolean;
  onHide: () => void;
  onDeleted: () => void;
}

/**
 * Deleting the selected comments of the moderation queue: the confirmation question, the reason their authors
 * are told by e-mail (the flags' own by default, or one the admin chooses) and optional words to them.
 */
export default function DeleteCommentsDialog({ selection, show, onHide, onDeleted }: DeleteCommentsDialogProps) {
  const { form, formId, reset, submit } = useCreateForm(
    () => ({ ...selection, reason: FROM_FLAGS as RemovalReasonChoice, note: '' }),
    ADMIN_COMMENTS_DELETE_URL,
    () => {
      onHide();
      onDeleted();
    },
  );
  const count = 'waiting' in selection ? selection.waiting : selection.refs.length;
  const question = count === 1 ? COMMENT_CONFIRM.delete : `Are you sure you want to delete these ${count.toLocaleString('en')} comments?`;
  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={`Delete ${plural(count, 'comment')}`}
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel="Delete"
      intro={
        <>
          <p>{question}</p>
          {form.errors.refs && <Notice variant="danger">{form.errors.refs}</Notice>}
        </>
      }
    >
      <FormSelectField
        controlId={`${formId}-reason`}
        label="The reason the authors are told"
        name="reason"
        value={form.data.reason}
        error={form.errors.reason}
        help="Authors with a verified e-mail address are told why; never who flagged."
        onChange={(value) => form.setData('reason', value as RemovalReasonChoice)}
      >
        <option value={FROM_FLAGS}>The reason most flags give</option>
        {Object.entries(FLAG_REASONS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </FormSelectField>
      <FormTextField
        controlId={`${formId}-note`}
        label="Words to the authors (optional)"
        name="note"
        rows={3}
        maxLength={FLAG_NOTE_MAX_LENGTH}
        value={form.data.note}
        error={form.errors.note}
        onChange={(value) => form.setData('note', value)}
        className="mb-0"
      />
    </CreateDialog>
  );
}
