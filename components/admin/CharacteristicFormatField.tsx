import { useId, useState } from 'react';
import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { CHARACTERISTIC_TEXTS, CONFIRM_FORMAT_CONVERSION_FIELD } from '../../shared/admin';

interface CharacteristicFormatFieldProps {
  url: string;
  format: string;
  formats: Record<string, string>;
  editable: boolean;
}

/**
 * The characteristic's format. A change that would lose item values comes back refused with how many; the admin
 * then chooses Convert (the server converts what it can read and removes the rest) or Cancel (nothing changes).
 */
export default function CharacteristicFormatField({ url, format, formats, editable }: CharacteristicFormatFieldProps) {
  const errorId = useId();
  const [choice, setChoice] = useState(format);
  // The server's refusal of the chosen format: what would be lost, until the admin converts or cancels.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedFormat, setSavedFormat] = useState(format);
  if (format !== savedFormat) {
    setSavedFormat(format);
    setChoice(format);
    setRefusal(null);
  }

  if (!editable) return <div>{formats[format] ?? format}</div>;

  const save = (removeUnconvertible: boolean) =>
    router.patch(url, removeUnconvertible ? { format: choice, [CONFIRM_FORMAT_CONVERSION_FIELD]: true } : { format: choice }, {
      preserveScroll: true,
      // The refusal and the chosen format stay on screen for Convert or Cancel.
      preserveState: true,
      onError: (errors) => setRefusal(errors.format ?? null),
    });
  const cancel = () => {
    setChoice(format);
    setRefusal(null);
  };
  const awaitingConfirmation = refusal !== null;

  return (
    <div>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <Form.Select
          aria-label={CHARACTERISTIC_TEXTS.format}
          value={choice}
          style={{ maxWidth: '16rem' }}
          isInvalid={awaitingConfirmation}
          aria-describedby={awaitingConfirmation ? errorId : undefined}
          disabled={awaitingConfirmation}
          onChange={(event) => setChoice(event.target.value)}
        >
          {Object.entries(formats).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
        {!awaitingConfirmation && (
          <Button variant="primary" onClick={() => save(false)} disabled={choice === format}>
            {CHARACTERISTIC_TEXTS.saveFormat}
          </Button>
        )}
      </div>
      {awaitingConfirmation && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {refusal}
        </div>
      )}
      {awaitingConfirmation && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          <Button variant="danger" onClick={() => save(true)}>
            {CHARACTERISTIC_TEXTS.convertFormat}
          </Button>
          <Button variant="outline-secondary" onClick={cancel}>
            {CHARACTERISTIC_TEXTS.cancelFormat}
          </Button>
        </div>
      )}
    </div>
  );
}
