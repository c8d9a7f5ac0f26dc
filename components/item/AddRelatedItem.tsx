import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError, invalidIf } from '../forms/field-error';
import ListGroup from 'react-bootstrap/ListGroup';
import type { SearchResult } from '../../shared/items';
import { postKeepingScroll } from '../lib/visits';
import { useItemTypeAhead } from './useItemTypeAhead';
import { ROUTES } from '../../shared/routes';

interface AddRelatedItemProps {
  itemRef: string;
  /** This item and the ones already related, which are not offered again. */
  excludedRefs: ReadonlySet<string>;
  error: string | null;
}

/** A search box to pick another item and relate it to this one. */
export default function AddRelatedItem({ itemRef, excludedRefs, error }: AddRelatedItemProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const matches = useItemTypeAhead(text).filter((match) => !excludedRefs.has(match.ref));
  const relate = (match: SearchResult) =>
    postKeepingScroll(ROUTES.itemRelation.path({ ref: itemRef, itemRef: match.ref }), { item: match.ref }, { only: ['item'], onSuccess: () => setText('') });
  return (
    <div className="mt-3">
      <Form.Label htmlFor={inputId}>Add a related item</Form.Label>
      <Form.Control
        id={inputId}
        type="search"
        placeholder="Search by title or blurb"
        value={text}
        {...invalidIf(error, `${inputId}-error`)}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={`${inputId}-error`} error={error} />
      {matches.length > 0 && (
        <ListGroup className="mt-1" aria-label="Matching items">
          {matches.map((match) => (
            <ListGroup.Item key={match.ref} action onClick={() => relate(match)}>
              <span className="fw-semibold">{match.title}</span>
              {match.topic && <span className="text-body-secondary"> · {match.topic}</span>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
