import Card from 'react-bootstrap/Card';
import { adminAffirmationUrl, AFFIRMATION_TEXTS, type AdminAffirmation } from '../../shared/admin';
import AppLink from '../lib/AppLink';

/** A card of the affirmations list (admin-curation §2): its title; a negative one has a danger stripe and '(Disapproval)'. */
export default function AffirmationCard({ affirmation }: { affirmation: AdminAffirmation }) {
  return (
    <Card
      as="article"
      className={`h-100 shadow-sm${affirmation.is_negative ? ' border-start border-4 border-danger' : ''}`}
      data-negative={affirmation.is_negative ? 'true' : 'false'}
    >
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-0">
          <AppLink href={adminAffirmationUrl(affirmation.ref)} className="stretched-link text-decoration-none">
            {affirmation.title}
          </AppLink>
        </Card.Title>
        {affirmation.is_negative && <div className="small text-danger">{AFFIRMATION_TEXTS.disapproval}</div>}
      </Card.Body>
    </Card>
  );
}
