import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import { SHARE_REMOVAL_TEXTS, type ResourceGrants } from '../../shared/sharing';
import ShareEntry, { RemovedShareList } from './ShareEntry';

const PROP = 'grants';

/**
 * An item's or a collection's access panel for those who manage it: who has been given access (by anyone), each with
 * Remove access, and the grants removed lately. The list is asked for when the panel opens, and again after a removal.
 */
export default function GrantsPanel({ grants }: { grants?: ResourceGrants }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const loaded = useOnDemandProp(PROP, grants, open);
  return (
    <div className="mt-2">
      <Button variant="link" size="sm" className="p-0" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? SHARE_REMOVAL_TEXTS.panelClose : SHARE_REMOVAL_TEXTS.panelOpen}
      </Button>
      {open && (
        <div id={listId} aria-live="polite">
          {loaded === undefined ? <p className="small text-body-secondary mb-0">{SHARE_REMOVAL_TEXTS.loading}</p> : <GrantLists grants={loaded} />}
        </div>
      )}
    </div>
  );
}

function GrantLists({ grants }: { grants: ResourceGrants }) {
  return (
    <>
      <h3 className="h6 mt-2">{SHARE_REMOVAL_TEXTS.panelHeading}</h3>
      {grants.shares.length === 0 ? (
        <p className="small text-body-secondary">{SHARE_REMOVAL_TEXTS.nobody}</p>
      ) : (
        <ul className="list-group small" aria-label={SHARE_REMOVAL_TEXTS.panelHeading}>
          {grants.shares.map((share) => (
            <ShareEntry key={share.ref} share={share} party="both" reloadAfterRemove={{ only: [PROP] }} />
          ))}
        </ul>
      )}
      <RemovedShareList removed={grants.removed} party="both" headingLevel={3} />
    </>
  );
}
