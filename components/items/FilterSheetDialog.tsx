import type { KeyboardEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import type { Taxonomy } from '../../shared/items';
import { countLabel } from './item-index-url';
import { keepTabInside } from '../lib/focus-cycle';

interface FilterSheetDialogProps {
  show: boolean;
  onHide: () => void;
  titleId: string;
  taxonomies: Taxonomy[];
  chosen: number;
  matchCount: number | null;
  onClearAll: () => void;
  /** A taxonomy's checkboxes. */
  children: (taxonomy: Taxonomy) => ReactNode;
}

/** Below 768 px, every taxonomy's tags in one sheet from the bottom (TagFilters' 'Filters (n)' button opens it). */
export default function FilterSheetDialog({ show, onHide, titleId, taxonomies, chosen, matchCount, onClearAll, children }: FilterSheetDialogProps) {
  return (
    <Offcanvas
      show={show}
      onHide={onHide}
      placement="bottom"
      style={{ height: '85vh' }}
      aria-labelledby={titleId}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => keepTabInside(event, event.currentTarget)}
    >
      <Offcanvas.Header closeButton closeLabel="Close filters">
        <Offcanvas.Title as="h2" className="h5" id={titleId}>
          Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column gap-3">
        {taxonomies.map((taxonomy) => (
          <div key={taxonomy.ref}>{children(taxonomy)}</div>
        ))}
      </Offcanvas.Body>
      <div className="d-flex gap-2 p-3 border-top">
        <Button variant="outline-secondary" onClick={onClearAll} disabled={chosen === 0}>
          Clear all
        </Button>
        <Button variant="primary" className="ms-auto" onClick={onHide}>
          {matchCount === null ? 'Show items' : `Show ${countLabel(matchCount, 'match', 'matches')}`}
        </Button>
      </div>
    </Offcanvas>
  );
}
