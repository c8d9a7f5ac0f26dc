import { useState, useSyncExternalStore } from 'react';
import { router, usePage } from '@inertiajs/react';
import type { Errors, RequestPayload } from '@inertiajs/core';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import Dialog from '../lib/Dialog';
import Spinner from 'react-bootstrap/Spinner';
import { HISTORY_TEXTS, ITEM_HISTORY_PARAM, type HistoryRestore, type ItemHistory } from '../../shared/history';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import HistoryEntryView from './HistoryEntryView';
import Icon from '../lib/Icon';

const noSubscription = () => () => {};

/**
 * The item's History, for its maintainer and admins: a dialog listing its changes, newest first, loaded
 * when it opens, each earlier value with "Restore this value" where the viewer may put it back.
 */
export default function ItemHistoryButton({ history: pageHistory }: { history: ItemHistory | undefined }) {
  // Opened at once from a link that asks for it (an undo's list of items it left as they were): once the page has
  // hydrated, as the server renders every dialog closed (its markup only exists in the browser).
  const askedByLink = useSyncExternalStore(
    noSubscription,
    () => new URLSearchParams(window.location.search).has(ITEM_HISTORY_PARAM),
    () => false,
  );
  const [choice, setShow] = useState<boolean | null>(null);
  const show = choice ?? askedByLink;
  const history = useOnDemandProp('history', pageHistory, show);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [restoring, setRestoring] = useState(false);
  const errors = usePage().props.errors;

  const restore = (visit: HistoryRestore) => {
    setRefusal([]);
    router.visit(visit.url, {
      method: visit.method,
      // Values as the history recorded them (JSON), which the field's own route checks again.
      data: visit.data as RequestPayload,
      preserveScroll: true,
      preserveState: true,
      onStart: () => setRestoring(true),
      onFinish: () => setRestoring(false),
      onError: (serverErrors: Errors) => setRefusal(Object.values(serverErrors)),
      // The restore is a change of its own: the History shows it at once.
      onSuccess: () => router.reload({ only: ['history'] }),
    });
  };

  const close = () => {
    setShow(false);
    setRefusal([]);
  };

  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={() => setShow(true)}>
        <Icon name="bi-clock-history" className="me-1" />
        {HISTORY_TEXTS.itemHistoryButton}
      </Button>
      <Dialog show={show} onHide={close} size="lg" scrollable aria-labelledby="item-history-title">
        <Dialog.Header closeButton>
          <Dialog.Title id="item-history-title">{HISTORY_TEXTS.itemHistoryTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          {refusal.length > 0 && (
            <Notice variant="danger" role="alert">
              {refusal.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Notice>
          )}
          {history === undefined ? (
            <div role="status" className="text-center py-3">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Loading…
            </div>
          ) : history.entries.length === 0 ? (
            <p className="mb-0">{HISTORY_TEXTS.empty}</p>
          ) : (
            <>
              <ol className="list-unstyled mb-0" aria-label={HISTORY_TEXTS.itemHistoryTitle}>
                {history.entries.map((entry) => (
                  <li key={entry.id} className="border-bottom py-2">
                    <HistoryEntryView entry={entry} onRestore={restore} restoring={restoring} />
                  </li>
                ))}
              </ol>
              {history.truncated && <p className="text-body-secondary small mt-2 mb-0">{HISTORY_TEXTS.truncated}</p>}
            </>
          )}
          {Object.keys(errors).length > 0 && refusal.length === 0 && (
            <Notice variant="danger" role="alert" className="mt-2 mb-0">
              {Object.values(errors).map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Notice>
          )}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </Dialog.Footer>
      </Dialog>
    </>
  );
}
