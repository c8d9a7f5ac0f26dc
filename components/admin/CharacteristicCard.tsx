import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { adminCharacteristicUrl, CHARACTERISTIC_TEXTS, type AdminCharacteristic } from '../../shared/admin';
import AppLink from '../lib/AppLink';

interface CharacteristicCardProps {
  characteristic: AdminCharacteristic;
  /** The server's format map, key → label. */
  formats: Record<string, string>;
}

/** A card of the characteristics list (admin-curation §2): title, format badge, usage note; a warning stripe when not public. */
export default function CharacteristicCard({ characteristic, formats }: CharacteristicCardProps) {
  return (
    <Card
      as="article"
      className={`h-100 shadow-sm${characteristic.public ? '' : ' border-start border-4 border-warning'}`}
      data-public={characteristic.public ? 'true' : 'false'}
    >
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1 d-flex flex-wrap align-items-center gap-2">
          <AppLink href={adminCharacteristicUrl(characteristic.ref)} className="stretched-link text-decoration-none">
            {characteristic.title}
          </AppLink>
          <Badge bg="secondary">{formats[characteristic.format] ?? characteristic.format}</Badge>
        </Card.Title>
        {!characteristic.public && <div className="small text-warning-emphasis">{CHARACTERISTIC_TEXTS.notPublic}</div>}
        {characteristic.usage_note && (
          <Card.Text className="small mb-0 text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {characteristic.usage_note}
          </Card.Text>
        )}
      </Card.Body>
    </Card>
  );
}
