/**
 * "Save for offline" on a collection: stores the collection's page, the items in it this person may open
 * and their files, for reading where there is no signal; then "Saved for offline" with Remove. Only where the browser
 * keeps caches, and for signed-in members (the server refuses the copy's list to others).
 */
import { useEffect, useState } from 'react';
import { usePage } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import { OFFLINE_TEXT } from '../../shared/offline';
import Icon from '../lib/Icon';
import { offlineCachesAvailable, removeOfflineCopy, saveCollectionForOffline, savedCollectionRefs } from './offline-copies';

type SaveState = 'unknown' | 'unsaved' | 'saving' | 'saved';

export default function SaveForOffline({ collectionRef }: { collectionRef: string }) {
  const { props, version } = usePage();
  const [state, setState] = useState<SaveState>('unknown');
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!offlineCachesAvailable()) return;
    void savedCollectionRefs().then((refs) => setState(refs.includes(collectionRef) ? 'saved' : 'unsaved'));
  }, [collectionRef]);

  if (!props.auth.authenticated || state === 'unknown') return null;

  const save = async () => {
    setState('saving');
    setMessage('');
    const result = await saveCollectionForOffline(collectionRef, version).catch(() => null);
    if (result === null || 'refused' in result) {
      setState('unsaved');
      setMessage(OFFLINE_TEXT.saveFailed);
      return;
    }
    setState('saved');
    setMessage(OFFLINE_TEXT.savedNotice(result.pages.length, result.files.length));
  };
  const remove = async () => {
    await removeOfflineCopy(collectionRef);
    setState('unsaved');
    setMessage('');
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {state === 'saved' ? (
        <>
          <span className="small text-success-emphasis">
            <Icon name="bi-check-circle-fill" className="me-1" />
            {OFFLINE_TEXT.saved}
          </span>
          <Button variant="outline-secondary" size="sm" onClick={() => void remove()}>
            {OFFLINE_TEXT.remove}
          </Button>
        </>
      ) : (
        <Button variant="outline-primary" size="sm" disabled={state === 'saving'} onClick={() => void save()}>
          <Icon name="bi-download" className="me-1" />
          {state === 'saving' ? OFFLINE_TEXT.saving : OFFLINE_TEXT.save}
        </Button>
      )}
      <span role="status" className="small text-body-secondary">
        {message}
      </span>
    </div>
  );
}
