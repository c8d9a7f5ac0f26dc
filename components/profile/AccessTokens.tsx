/**
 * The profile's Access tokens card: a token just created, shown this once with Copy; New access token (a dialog: a
 * name, an optional expiry day; it stays open with what was typed when the server refuses it); and the person's
 * tokens with their state, each active one with Revoke, confirmed first.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import {
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKEN_TEXT,
  type AccessTokenState,
  type AccessTokenSummary,
  type AccessTokensSection,
  type CreatedAccessToken,
} from '../../shared/access-tokens';
import { PROFILE_TOKENS_URL } from '../../shared/navigation';
import { ROUTES } from '../../shared/routes';
import CreateDialog, { useCreateForm } from '../forms/CreateDialog';
import { FieldError, invalidIf } from '../forms/field-error';
import FormTextField from '../forms/FormTextField';
import Notice from '../lib/Notice';
import { useDates } from '../lib/useDates';

const STATE_BADGES: Record<AccessTokenState, string> = { active: 'success', expired: 'secondary', revoked: 'danger' };
/** How long "Copied" shows before the button says Copy again. */
const COPIED_MS = 2500;

export default function AccessTokens({ tokens, canCreate, cannotCreateBecause, created }: AccessTokensSection) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="card-title h5">
          {ACCESS_TOKEN_TEXT.title}
        </h2>
        <p>{ACCESS_TOKEN_TEXT.intro}</p>
        {created && <NewTokenSecret key={created.ref} created={created} />}
        {canCreate ? (
          <Button variant="primary" size="sm" className="mb-3" onClick={() => setDialogOpen(true)}>
            {ACCESS_TOKEN_TEXT.create}
          </Button>
        ) : (
          cannotCreateBecause && <p className="small text-body-secondary">{cannotCreateBecause}</p>
        )}
        {tokens.length === 0 ? (
          <p className="text-body-secondary mb-0">{ACCESS_TOKEN_TEXT.none}</p>
        ) : (
          <ul className="list-unstyled mb-0" aria-label={ACCESS_TOKEN_TEXT.listLabel}>
            {tokens.map((token) => (
              <TokenRow key={token.ref} token={token} />
            ))}
          </ul>
        )}
      </div>
      <NewTokenDialog show={canCreate && dialogOpen} onHide={() => setDialogOpen(false)} />
    </section>
  );
}

/** The secret of the token just created: the server sends it on this one visit and never again. */
function NewTokenSecret({ created }: { created: CreatedAccessToken }) {
  const fieldId = useId();
  const warningId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'ready' | 'copied' | 'failed'>('ready');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopy('copied');
      clearTimeout(timer.current ?? undefined);
      timer.current = setTimeout(() => setCopy('ready'), COPIED_MS);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the token is selected for copying by hand.
      setCopy('failed');
      field.current?.select();
    }
  };

  return (
    <Notice variant="success">
      <h3 className="h6">{ACCESS_TOKEN_TEXT.createdTitle(created.name)}</h3>
      <p id={warningId} className="fw-semibold">
        {ACCESS_TOKEN_TEXT.createdWarning}
      </p>
      <Form.Label htmlFor={fieldId}>{ACCESS_TOKEN_TEXT.tokenLabel}</Form.Label>
      <InputGroup>
        <Form.Control
          ref={field}
          id={fieldId}
          readOnly
          value={created.token}
          className="font-monospace"
          spellCheck={false}
          autoComplete="off"
          aria-describedby={warningId}
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Solid: an outline button's blue on the notice's green falls below 4.5:1. */}
        <Button variant="primary" onClick={() => void copyToken()}>
          {copy === 'copied' ? ACCESS_TOKEN_TEXT.copied : ACCESS_TOKEN_TEXT.copy}
        </Button>
      </InputGroup>
      <p className="small mt-2 mb-0" aria-live="polite">
        {copy === 'copied' ? ACCESS_TOKEN_TEXT.copied : copy === 'failed' ? ACCESS_TOKEN_TEXT.copyFailed : ''}
      </p>
    </Notice>
  );
}

function TokenRow({ token }: { token: AccessTokenSummary }) {
  const dates = useDates();
  const [busy, setBusy] = useState(false);
  const revoke = () => {
    if (!window.confirm(ACCESS_TOKEN_TEXT.revokeConfirm(token.name))) return;
    router.delete(ROUTES.profileToken.path({ ref: token.ref }), { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) });
  };
  const facts: [string, string][] = [
    [ACCESS_TOKEN_TEXT.created, dates.day(token.createdAt)],
    [ACCESS_TOKEN_TEXT.expires, token.expiresAt ? dates.day(token.expiresAt) : ACCESS_TOKEN_TEXT.noExpiry],
    [ACCESS_TOKEN_TEXT.lastUsed, token.lastUsedAt ? dates.dayAndTime(token.lastUsedAt) : ACCESS_TOKEN_TEXT.neverUsed],
  ];
  return (
    <li className="py-2 border-bottom">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break">{token.name}</span>
        <code className="text-break">{token.prefix}…</code>
        <Badge bg={STATE_BADGES[token.state]}>{ACCESS_TOKEN_TEXT.states[token.state]}</Badge>
        {token.state === 'active' && (
          <Button
            variant="outline-danger"
            size="sm"
            className="ms-auto"
            disabled={busy}
            aria-label={ACCESS_TOKEN_TEXT.revokeLabel(token.name)}
            onClick={revoke}
          >
            {ACCESS_TOKEN_TEXT.revoke}
          </Button>
        )}
      </div>
      <dl className="d-flex flex-wrap column-gap-3 small text-body-secondary mt-1 mb-0">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="d-inline fw-normal">{term}: </dt>
            <dd className="d-inline mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The first day a token may be set to expire on: tomorrow in the organisation's time zone. */
function firstExpiryDay(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function NewTokenDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { timeZone } = usePage().props;
  const { form, formId, reset, submit } = useCreateForm(() => ({ name: '', expires_on: '' }), PROFILE_TOKENS_URL, onHide, {
    preserveScroll: true,
    preserveState: true,
  });
  const expiryId = `${formId}-expires`;
  return (
    <CreateDialog
      show={show}
      onHide={onHide}
      title={ACCESS_TOKEN_TEXT.create}
      formId={formId}
      processing={form.processing}
      reset={reset}
      submit={submit}
      submitLabel={ACCESS_TOKEN_TEXT.submit}
    >
      <FormTextField
        controlId={`${formId}-name`}
        label={ACCESS_TOKEN_TEXT.nameLabel}
        name="name"
        required
        maxLength={ACCESS_TOKEN_NAME_MAX}
        autoComplete="off"
        value={form.data.name}
        error={form.errors.name}
        onChange={(value) => form.setData('name', value)}
      >
        <Form.Text className="d-block">{ACCESS_TOKEN_TEXT.nameHelp}</Form.Text>
      </FormTextField>
      <Form.Group controlId={expiryId}>
        <Form.Label>{ACCESS_TOKEN_TEXT.expiresLabel}</Form.Label>
        <Form.Control
          type="date"
          name="expires_on"
          min={show ? firstExpiryDay(timeZone) : undefined}
          value={form.data.expires_on}
          onChange={(event) => form.setData('expires_on', event.target.value)}
          {...invalidIf(form.errors.expires_on, `${expiryId}-error`)}
          aria-describedby={form.errors.expires_on ? `${expiryId}-help ${expiryId}-error` : `${expiryId}-help`}
        />
        <Form.Text id={`${expiryId}-help`} className="d-block">
          {ACCESS_TOKEN_TEXT.expiresHelp}
        </Form.Text>
        <FieldError id={`${expiryId}-error`} error={form.errors.expires_on} />
      </Form.Group>
    </CreateDialog>
  );
}
