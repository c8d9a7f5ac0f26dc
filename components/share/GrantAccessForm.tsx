import { useState, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import type { Errors } from '@inertiajs/core';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from '../forms/field-error';
import InputGroup from 'react-bootstrap/InputGroup';
import { LEVEL_NAMES, type AccessLevel } from '../../shared/levels';
import {
  CONFIRM_EMAIL_FIELD,
  DEFAULT_SHARE_DAYS,
  EMAIL_SUGGESTION_FIELD,
  SHARE_MESSAGES,
  SHARE_SLIP_TEXTS,
  MIN_SHARE_LEVEL,
  openingShareLevel,
  SHARE_SLIDER_FROM_MAX,
  SHARE_VALIDITY_OPTIONS,
  shareActionUrl,
  shareValidityLabel,
  type ShareField,
  type ShareValidity,
} from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import type { SharePrefill } from '../../shared/share-prefill';

export interface GrantAccessFormProps {
  /** The shared page's path: the form posts to `{path}/share`. */
  path: string;
  /** The server-given maximum level (can.shareToLevel). */
  maxLevel: number;
  /** Whether anything is visible at each level 0..6; undefined until the explanation has loaded. */
  levelVisible: readonly boolean[] | undefined;
  /** What a person at each level sees, from the server. */
  levelText: readonly string[] | undefined;
  /** Called after a grant that came back without errors. */
  onGranted: () => void;
  /** An access request's one-click link (`?share_to=&share_level=`): the form starts filled in; the sharer still grants. */
  prefill?: SharePrefill | null;
}

const validityValue = (days: ShareValidity) => (days === null ? '' : String(days));

/**
 * Grant Access: level (slider from 2 to the maximum, shown only when the
 * maximum is 3 or more; danger colour when nothing is visible at that level), e-mail and validity.
 */
export default function GrantAccessForm({ path, maxLevel, levelVisible, levelText, onGranted, prefill = null }: GrantAccessFormProps) {
  // Until a level is chosen (or asked for, within what this sharer may give), the opening level (openingShareLevel) applies.
  const askedLevel = prefill?.level != null && prefill.level >= MIN_SHARE_LEVEL && prefill.level <= maxLevel ? prefill.level : null;
  const [chosenLevel, setChosenLevel] = useState<number | null>(askedLevel);
  const level = chosenLevel ?? openingShareLevel(maxLevel, levelVisible);
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [daysValidity, setDaysValidity] = useState<ShareValidity>(DEFAULT_SHARE_DAYS);
  const [errors, setErrors] = useState<Partial<Record<ShareField, string>>>({});
  const [sending, setSending] = useState(false);

  const showSlider = maxLevel >= SHARE_SLIDER_FROM_MAX;
  const nothingVisible = levelVisible !== undefined && !levelVisible[level];

  // "Did you mean …?": the address the server offers instead of one that looks like a slip of one the sharer knows.
  const [suggestion, setSuggestion] = useState<string | null>(null);

  /** Sends the grant: to `to` (the field's address unless given), as typed when `asTyped` (the sharer said it is no slip). */
  const send = (to: string = email, asTyped = false) => {
    const showErrors = (serverErrors: Errors) => {
      setErrors(fieldErrors(serverErrors));
      setSuggestion(suggestionOf(serverErrors));
    };
    router.post(
      shareActionUrl(path),
      { level, email: to, daysValidity, ...(asTyped ? { [CONFIRM_EMAIL_FIELD]: to } : {}) },
      {
        preserveScroll: true,
        preserveState: true,
        onStart: () => setSending(true),
        onFinish: () => setSending(false),
        onError: showErrors,
        onSuccess: (page) => {
          const serverErrors = (page.props.errors ?? {}) as Errors;
          showErrors(serverErrors);
          if (Object.keys(fieldErrors(serverErrors)).length === 0) onGranted();
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const acceptSuggestion = (address: string) => {
    setEmail(address);
    send(address);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={SHARE_TEXTS.grantAccess}>
      <h2 className="h6">{SHARE_TEXTS.grantAccess}</h2>
      <Form.Group className="mb-3" controlId="share-level">
        <Form.Label className={nothingVisible ? 'text-danger' : undefined}>
          Level {level}: {LEVEL_NAMES[level as AccessLevel]}
        </Form.Label>
        {showSlider && (
          <Form.Range
            min={MIN_SHARE_LEVEL}
            max={maxLevel}
            step={1}
            value={level}
            aria-invalid={nothingVisible || Boolean(errors.level)}
            aria-describedby={errors.level ? 'share-level-error' : undefined}
            className={nothingVisible ? 'share-level-danger' : undefined}
            style={nothingVisible ? { accentColor: 'var(--bs-danger)' } : undefined}
            onChange={(event) => setChosenLevel(Number(event.target.value))}
          />
        )}
        {levelText?.[level] && <Form.Text className={nothingVisible ? 'text-danger' : undefined}>{levelText[level]}</Form.Text>}
        {errors.level && (
          <div id="share-level-error" className="invalid-feedback d-block">
            {errors.level}
          </div>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="share-email">
        <Form.Label>Email</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            type="email"
            value={email}
            {...invalidIf(errors.email, 'share-email-error')}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="off"
          />
          {email !== '' && (
            <InputGroup.Text>
              <CloseButton aria-label="Clear email" onClick={() => setEmail('')} />
            </InputGroup.Text>
          )}
          <FieldError id="share-email-error" error={errors.email} />
        </InputGroup>
        {suggestion && (
          <div className="d-flex flex-wrap gap-2 mt-2" role="group" aria-label={SHARE_MESSAGES.didYouMean(suggestion)}>
            <Button size="sm" variant="primary" className="text-break" disabled={sending} onClick={() => acceptSuggestion(suggestion)}>
              {SHARE_SLIP_TEXTS.accept(suggestion)}
            </Button>
            <Button size="sm" variant="outline-secondary" className="text-break" disabled={sending} onClick={() => send(email, true)}>
              {SHARE_SLIP_TEXTS.keep(email)}
            </Button>
          </div>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId="share-days">
        <Form.Label>Valid for</Form.Label>
        <Form.Select
          value={validityValue(daysValidity)}
          {...invalidIf(errors.daysValidity, 'share-days-error')}
          onChange={(event) => setDaysValidity(event.target.value === '' ? null : (Number(event.target.value) as ShareValidity))}
        >
          {SHARE_VALIDITY_OPTIONS.map((days) => (
            <option key={validityValue(days)} value={validityValue(days)}>
              {shareValidityLabel(days)}
            </option>
          ))}
        </Form.Select>
        <FieldError id="share-days-error" error={errors.daysValidity} />
      </Form.Group>
      <Button type="submit" disabled={sending}>
        {SHARE_TEXTS.grantAccess}
      </Button>
    </Form>
  );
}

function suggestionOf(errors: Errors): string | null {
  const value = (errors as Record<string, string | string[] | undefined>)[EMAIL_SUGGESTION_FIELD];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function fieldErrors(errors: Errors): Partial<Record<ShareField, string>> {
  const result: Partial<Record<ShareField, string>> = {};
  for (const field of ['level', 'email', 'daysValidity'] as const) {
    const value = (errors as Record<string, string | string[] | undefined>)[field];
    const message = Array.isArray(value) ? value[0] : value;
    if (message) result[field] = message;
  }
  return result;
}
