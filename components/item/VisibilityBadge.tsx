import Badge from 'react-bootstrap/Badge';
import { VISIBILITY, visibilityInfo } from '../../shared/enums';

/** Items below DISCOVERABLE carry a badge: DRAFT red, PENDING warning, the others secondary. */
export default function VisibilityBadge({ visibility }: { visibility: number }) {
  if (visibility >= VISIBILITY.DISCOVERABLE) return null;
  const info = visibilityInfo(visibility);
  const colour = info.badge ?? 'secondary';
  return (
    <Badge bg={colour} text={colour === 'warning' ? 'dark' : undefined} title={info.explanation}>
      {info.label}
    </Badge>
  );
}
