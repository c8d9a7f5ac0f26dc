/**
 * The profile's Digests card: how often the digest comes (or no digests at all), Send my digest now, and
 * what it covers, each with Unfollow.
 */
import { useState, type FormEvent } from 'react';
import { router, usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { invalidIf } from '../forms/field-error';
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  FOLLOW_TEXT,
  PROFILE_DIGEST_NOW_URL,
  PROFILE_DIGESTS_URL,
  type DigestFrequency,
  type FollowSummary,
} from '../../shared/follows';
import { ROUTES } from '../../shared/routes';
import AppLink from '../lib/AppLink';

interface DigestSettingsProps {
  frequency: DigestFrequency;
  follows: FollowSummary[];
  emailVerified: boolean;
}

export default function DigestSettings({ frequency, follows, emailVerified }: DigestSettingsProps) {
  const { errors } = usePage().props;
  const [chosen, setChosen] = useState<DigestFrequency>(frequency);
  const [busy, setBusy] = useState(false);
  const options = { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) };
  const save = (event: FormEvent) => {
    event.preventDefault();
    router.post(PROFILE_DIGESTS_URL, { frequency: chosen }, options);
  };
  return (
    <div className="card mb-3">
      <div className="card-body">
        <h2 className="card-title h5">{FOLLOW_TEXT.digestsTitle}</h2>
        <p>{FOLLOW_TEXT.digestsIntro}</p>
        {!emailVerified && <p className="text-body-secondary small">{FOLLOW_TEXT.needsVerifiedEmail}</p>}
        <Form onSubmit={save} className="mb-3">
          <fieldset>
            <legend className="fs-6 fw-semibold">{FOLLOW_TEXT.frequencyLabel}</legend>
            {DIGEST_FREQUENCIES.map((value) => (
              <Form.Check
                key={value}
                inline
                type="radio"
                id={`digest-frequency-${value}`}
                name="frequency"
                label={DIGEST_FREQUENCY_LABELS[value]}
                checked={chosen === value}
                onChange={() => setChosen(value)}
                {...invalidIf(errors.frequency, 'digest-frequency-error')}
              />
            ))}
            {errors.frequency && (
              <div id="digest-frequency-error" className="invalid-feedback d-block">
                {errors.frequency}
              </div>
            )}
          </fieldset>
          <div className="d-flex flex-wrap gap-2 mt-2">
            <Button type="submit" variant="primary" size="sm" disabled={busy || chosen === frequency}>
              {FOLLOW_TEXT.saveFrequency}
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={busy || follows.length === 0 || !emailVerified}
              onClick={() => router.post(PROFILE_DIGEST_NOW_URL, {}, options)}
            >
              {FOLLOW_TEXT.sendNow}
            </Button>
          </div>
        </Form>
        <h3 className="h6">{FOLLOW_TEXT.followingTitle}</h3>
        {follows.length === 0 ? (
          <p className="text-body-secondary mb-0">{FOLLOW_TEXT.nothingFollowed}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {follows.map((follow) => (
              <li key={follow.ref} className="d-flex flex-wrap align-items-center gap-2 py-1 border-bottom">
                <span className="badge text-bg-secondary">{FOLLOW_TEXT.kindLabels[follow.kind]}</span>
                {follow.url ? (
                  <AppLink href={follow.url} className="me-auto text-break">
                    {follow.label}
                  </AppLink>
                ) : (
                  <span className="me-auto text-body-secondary">{follow.label}</span>
                )}
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`${FOLLOW_TEXT.unfollow} ${FOLLOW_TEXT.kindLabels[follow.kind]} “${follow.label}”`}
                  onClick={() => router.delete(ROUTES.follow.path({ ref: follow.ref }), options)}
                >
                  {FOLLOW_TEXT.unfollow}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
