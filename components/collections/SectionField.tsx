import { COLLECTION_SECTION_MAX } from '../../shared/collections';
import FormTextField from '../forms/FormTextField';

interface SectionFieldProps {
  /** The id of the dialog's form: the field is `{formId}-section`, its suggestions `{formId}-sections`. */
  formId: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** The collection's section names in use, offered as suggestions; none while unknown. */
  sections: readonly string[] | undefined;
}

/** The last field of a collection entry's form: its section, with the collection's existing section names as a datalist. */
export default function SectionField({ formId, value, error, onChange, sections }: SectionFieldProps) {
  return (
    <FormTextField
      controlId={`${formId}-section`}
      label="Section"
      name="section"
      value={value}
      error={error}
      onChange={onChange}
      maxLength={COLLECTION_SECTION_MAX}
      list={`${formId}-sections`}
      className=""
    >
      <datalist id={`${formId}-sections`}>
        {sections?.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </FormTextField>
  );
}
