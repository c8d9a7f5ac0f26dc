import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { CHARACTERISTIC_TEXTS, type AdminCharacteristic } from '../../shared/admin';
import LinkCard, { CardNote } from '../lib/LinkCard';
import { ROUTES } from '../../shared/routes';

interface CharacteristicCardProps {
  characteristic: AdminCharacteristic;
  /** The server's format map, key → label. */
  formats: Record<string, string>;
  /** The list's move tools. */
  tools?: ReactNode;
}

/** A card of the characteristics list: title, format badge, usage note; a warning stripe when not public. */
export default function CharacteristicCard({ characteristic, formats, tools }: CharacteristicCardProps) {
  return (
    <LinkCard
      href={ROUTES.adminCharacteristic.path({ ref: characteristic.ref })}
      title={characteristic.title}
      stripe={characteristic.public ? null : 'warning'}
      state={{ 'data-public': characteristic.public ? 'true' : 'false' }}
      tools={tools}
      titleAside={<Badge bg="secondary">{formats[characteristic.format] ?? characteristic.format}</Badge>}
    >
      {!characteristic.public && <div className="small text-warning-emphasis">{CHARACTERISTIC_TEXTS.notPublic}</div>}
      {characteristic.usage_note && <CardNote>{characteristic.usage_note}</CardNote>}
    </LinkCard>
  );
}
