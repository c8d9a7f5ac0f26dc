import { COLLECTION_NOTE_MAX } from '../../shared/collections';
import FormTextField from '../forms/FormTextField';
import SectionField from './SectionField';

type EntryField = 'note' | 'section';

interface EntryNoteAndSectionProps {
  formId: string;
  note: string;
  section: string;
  errors: Partial<Record<EntryField, string>>;
  onChange: (field: EntryField, value: string) => void;
  /** Section names in use, offered as suggestions. */
  sections?: readonly string[];
  noteRows: number;
}

/** An entry's note and section, as both Add to Collection and the entry's own dialog ask for them. */
export default function EntryNoteAndSection({ formId, note, section, errors, onChange, sections, noteRows }: EntryNoteAndSectionProps) {
  return (
    <>
      <FormTextField
        controlId={`${formId}-note`}
        label="Note"
        name="note"
        value={note}
        error={errors.note}
        onChange={(value) => onChange('note', value)}
        rows={noteRows}
        maxLength={COLLECTION_NOTE_MAX}
      />
      <SectionField formId={formId} value={section} error={errors.section} onChange={(value) => onChange('section', value)} sections={sections} />
    </>
  );
}
