import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import FormSelectField from '../forms/FormSelectField';
import FormTextField from '../forms/FormTextField';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, FLAG_NOTE_MAX_LENGTH, FLAG_REASONS, type Comment, type FlagReason } from '../../shared/comments';
import { ROUTES } from '../../shared/routes';

interface FlagCommentDialogProps {
  comment: Comment;
  show: boolean;
  onHide: () => void;
  /** The props the flag reloads: the page's part that holds the comments. */
  reloadOnly: string[];
}

const initialValues = () => ({ reason: '' as FlagReason | '', note: '' });

/**
 * Flagging a comment: the question 'Do you want to flag this comment for admin moderation?',
 * then why (a short list) and optional words; Flag is offered once a reason is chosen. The dialog
 * keeps what was chosen and typed when the server sends an error back.
 */
export default function FlagCommentDialog({ comment, show, onHide, reloadOnly }: FlagCommentDialogProps) {
  const { form, formId, reset, submit } = useCreateForm(initialValues, ROUTES.commentFlag.path({ ref: comment.ref }), onHide, {
    preserveScroll: true,
    only: reloadOnly,
  });
  const needsWords = form.data.reason === 'other';
  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title="Flag comment"
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel="Flag"
      submitDisabled={form.data.reason === ''}
      intro={<p>{COMMENT_CONFIRM.flag}</p>}
    >
      <FormSelectField
        controlId={`${formId}-reason`}
        label={COMMENT_MESSAGES.flagReasonLabel}
        name="reason"
        value={form.data.reason}
        error={form.errors.reason}
        onChange={(value) => form.setData('reason', value as FlagReason | '')}
      >
        <option value="">Choose a reason</option>
        {Object.entries(FLAG_REASONS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </FormSelectField>
      <FormTextField
        controlId={`${formId}-note`}
        label={needsWords ? 'What is wrong with it?' : COMMENT_MESSAGES.flagNoteLabel}
        name="note"
        rows={3}
        maxLength={FLAG_NOTE_MAX_LENGTH}
        value={form.data.note}
        error={form.errors.note}
        onChange={(value) => form.setData('note', value)}
        className="mb-0"
      >
        <div className="form-text">Only admins read this; the author is never told who flagged.</div>
      </FormTextField>
    </CreateDialog>
  );
}
