import { useState, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Collapse from 'react-bootstrap/Collapse';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ACCESS_LEVELS, LEVEL_NAMES } from '../../shared/levels';
import AppLink from '../lib/AppLink';
import { CHECK_ACCESS_PARAM, type SharingExplanation } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';

export interface SharingExplanationPanelProps {
  explanation: SharingExplanation | undefined;
}

/** The user invitation list with its create dialog open (/user_invitation/create). */
export const ELEVATE_USERS_URL = '/user_invitation/create';

/**
 * 'Please Explain...': who can see this now, an access-level diagram with the server's text at
 * each level, and, when the server supplies inviteText, 'Elevate user(s)' and the check-access-by-e-mail box.
 */
export default function SharingExplanationPanel({ explanation }: SharingExplanationPanelProps) {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState(explanation?.checkAccessEmail ?? '');

  const check = (event: FormEvent) => {
    event.preventDefault();
    router.reload({ only: ['sharingExplanation'], data: { [CHECK_ACCESS_PARAM]: address } });
  };

  return (
    <section aria-label={SHARE_TEXTS.explain}>
      <Button variant="link" className="px-0" aria-expanded={open} aria-controls="sharing-explanation" onClick={() => setOpen(!open)}>
        {SHARE_TEXTS.explain}
      </Button>
      <Collapse in={open}>
        <div id="sharing-explanation">
          {!explanation && <p className="text-body-secondary">Loading...</p>}
          {explanation && (
            <>
              <p>{explanation.availabilityText}</p>
              <ol className="list-group mb-3" reversed aria-label="Access levels">
                {[...ACCESS_LEVELS].reverse().map((level) => (
                  <li key={level} className={`list-group-item d-flex gap-2 ${explanation.levelVisible[level] ? '' : 'text-body-secondary'}`} data-level={level}>
                    <span className="badge text-bg-secondary align-self-start">{level}</span>
                    <span>
                      <strong className="d-block">{LEVEL_NAMES[level]}</strong>
                      <span>{explanation.levelText[level]}</span>
                    </span>
                  </li>
                ))}
              </ol>
              <p>{explanation.contentText}</p>
              <p>{explanation.shareText}</p>
              {explanation.inviteText && (
                <>
                  <p>
                    {explanation.inviteText} <AppLink href={ELEVATE_USERS_URL}>{SHARE_TEXTS.elevateUsers}</AppLink>
                  </p>
                  <Form onSubmit={check} aria-label={SHARE_TEXTS.checkAccess}>
                    <Form.Label htmlFor="check-access-email">{SHARE_TEXTS.checkAccessLabel}</Form.Label>
                    <InputGroup>
                      <Form.Control id="check-access-email" type="email" value={address} onChange={(event) => setAddress(event.target.value)} />
                      <Button type="submit" variant="outline-secondary">
                        {SHARE_TEXTS.checkAccess}
                      </Button>
                    </InputGroup>
                  </Form>
                  {explanation.checkAccessText && (
                    <p className="mt-2" role="status">
                      {explanation.checkAccessText}
                    </p>
                  )}
                </>
              )}
            </>
          )}
        </div>
      </Collapse>
    </section>
  );
}
