import Badge from 'react-bootstrap/Badge';
import { INVITATION_STATE_LABELS, type InvitationState } from '../../shared/invitations';

const VARIANTS: Record<InvitationState, string> = { active: 'success', expired: 'secondary', accepted: 'primary', declined: 'warning' };

export default function InvitationStateBadge({ state }: { state: InvitationState }) {
  return (
    <Badge bg={VARIANTS[state]} text={state === 'declined' ? 'dark' : undefined}>
      {INVITATION_STATE_LABELS[state]}
    </Badge>
  );
}
