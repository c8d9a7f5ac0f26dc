import type { ReactNode } from 'react';
import { AFFIRMATION_TEXTS, type AdminAffirmation } from '../../shared/admin';
import LinkCard from '../lib/LinkCard';
import { ROUTES } from '../../shared/routes';

/** A card of the affirmations list: its title; a negative one has a danger stripe and '(Disapproval)'; the list's move tools. */
export default function AffirmationCard({ affirmation, tools }: { affirmation: AdminAffirmation; tools?: ReactNode }) {
  return (
    <LinkCard
      href={ROUTES.adminAffirmation.path({ ref: affirmation.ref })}
      title={affirmation.title}
      stripe={affirmation.is_negative ? 'danger' : null}
      state={{ 'data-negative': affirmation.is_negative ? 'true' : 'false' }}
      tools={tools}
    >
      {affirmation.is_negative && <div className="small text-danger">{AFFIRMATION_TEXTS.disapproval}</div>}
    </LinkCard>
  );
}
