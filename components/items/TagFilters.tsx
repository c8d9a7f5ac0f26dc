import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Tag, Taxonomy } from '../../shared/items';
import { countText, withoutTag, withTag } from './item-index-url';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

// The sheet (an Offcanvas) loads when first opened: most visitors to the index never filter.
const FilterSheetDialog = onDemandDialog(() => import('./FilterSheetDialog'));

interface TagFiltersProps {
  taxonomies: Taxonomy[];
  selectedTags: Tag[];
  /** Items of the current result carrying each tag, by ref (the server's tagCounts); a tag without one shows no number. */
  counts: Record<string, number>;
  /** Matches of the current result, for the sheet's 'Show results' button; null when nothing is filtered. */
  matchCount: number | null;
  /** A tag page's own tag: it stays applied, so it cannot be unticked, and Clear all keeps it; null elsewhere. */
  keptRef?: string | null;
  onChange: (tags: string[]) => void;
}

/**
 * The tag filters (decisions: "Finding things"): a checkbox per tag with its count, so the keyboard moves through a
 * taxonomy's tags without applying each one passed (Space applies the one under focus). From 768 px one menu per
 * taxonomy; below, a single 'Filters (n)' button opens them all in a sheet. Tags of one taxonomy give their union,
 * taxonomies narrow each other (the server's rule). 'Clear all' removes every tag; selected tags no control offers
 * show as removable chips.
 */
export default function TagFilters({ taxonomies, selectedTags, counts, matchCount, keptRef = null, onChange }: TagFiltersProps) {
  const serverRefs = selectedTags.map((tag) => tag.ref);
  // A ticked box shows ticked at once, while the list is fetched; the server's selection wins once it arrives.
  const [pending, setPending] = useState<{ from: string; refs: string[] } | null>(null);
  const selectedRefs = pending && pending.from === serverRefs.join('-') ? pending.refs : serverRefs;
  const change = (refs: string[]) => {
    setPending({ from: serverRefs.join('-'), refs });
    onChange(refs);
  };
  const offeredRefs = new Set(taxonomies.flatMap((taxonomy) => taxonomy.tags.map((tag) => tag.ref)));
  const otherSelected = selectedTags.filter((tag) => !offeredRefs.has(tag.ref) && tag.ref !== keptRef);
  const toggle = (ref: string, on: boolean) => change(on ? withTag(selectedRefs, ref) : withoutTag(selectedRefs, ref));
  const clearAll = () => change(keptRef === null ? [] : [keptRef]);
  const clearable = selectedRefs.some((ref) => ref !== keptRef);
  const checks = (taxonomy: Taxonomy, idPrefix: string) => (
    <TaxonomyChecks taxonomy={taxonomy} selected={selectedRefs} kept={keptRef} counts={counts} idPrefix={idPrefix} onToggle={toggle} />
  );

  return (
    <div>
      <div className="d-none d-md-flex flex-wrap align-items-center gap-2">
        {taxonomies.map((taxonomy) => (
          <TaxonomyMenu key={taxonomy.ref} taxonomy={taxonomy} chosen={taxonomy.tags.filter((tag) => selectedRefs.includes(tag.ref)).length}>
            {(idPrefix) => checks(taxonomy, idPrefix)}
          </TaxonomyMenu>
        ))}
        {clearable && (
          <Button variant="link" size="sm" onClick={clearAll}>
            Clear all
          </Button>
        )}
      </div>
      <div className="d-md-none">
        <FilterSheet taxonomies={taxonomies} chosen={selectedRefs.length} matchCount={matchCount} onClearAll={clearAll}>
          {(taxonomy, idPrefix) => checks(taxonomy, idPrefix)}
        </FilterSheet>
      </div>
      {otherSelected.length > 0 && <TagChips tags={otherSelected} onRemove={(ref) => change(withoutTag(selectedRefs, ref))} />}
    </div>
  );
}

interface TaxonomyChecksProps {
  taxonomy: Taxonomy;
  selected: string[];
  /** The tag page's own tag, ticked and fixed. */
  kept: string | null;
  counts: Record<string, number>;
  idPrefix: string;
  onToggle: (ref: string, on: boolean) => void;
}

/** A taxonomy's tags as checkboxes, each labelled with its count in the current result. */
function TaxonomyChecks({ taxonomy, selected, kept, counts, idPrefix, onToggle }: TaxonomyChecksProps) {
  return (
    <fieldset className="mb-0">
      <legend className="h6 small fw-semibold mb-1">{taxonomy.title}</legend>
      {taxonomy.tags.map((tag) => (
        <Form.Check
          key={tag.ref}
          id={`${idPrefix}-${tag.ref}`}
          className={tag.parentRef ? 'ms-3' : undefined}
          checked={selected.includes(tag.ref)}
          disabled={tag.ref === kept}
          onChange={(event) => onToggle(tag.ref, event.target.checked)}
          label={
            <>
              {tag.label}
              {counts[tag.ref] !== undefined && <span className="text-body-secondary"> ({countText(counts[tag.ref]!)})</span>}
            </>
          }
        />
      ))}
    </fieldset>
  );
}

/**
 * One taxonomy's menu (768 px and up); it stays open while tags are ticked, and closes on Escape within it (focus back
 * on its button), when the focus moves on out of it (Tab), or on a press elsewhere. Bootstrap's dropdown styles
 * without Popper (`data-bs-popper="static"`): a visitor's first page saves Popper's 7 kB, and the menu only has to stay
 * inside the window (MenuInsideWindow).
 */
function TaxonomyMenu({ taxonomy, chosen, children }: { taxonomy: Taxonomy; chosen: number; children: (idPrefix: string) => ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useCloseOnPressElsewhere(open, containerRef, () => setOpen(false));
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (!open || event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    toggleRef.current?.focus();
  };
  // Only a focus that lands somewhere else closes it: a press that focuses nothing (Safari's on a checkbox) must not.
  const closeOnFocusLeaving = (event: FocusEvent<HTMLElement>) => {
    if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  return (
    <div className="dropdown" ref={containerRef} onKeyDown={closeOnEscape} onBlur={closeOnFocusLeaving}>
      <button
        ref={toggleRef}
        type="button"
        id={`${id}-toggle`}
        className={`btn btn-sm dropdown-toggle ${chosen > 0 ? 'btn-primary' : 'btn-outline-secondary'}`}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        {chosen > 0 ? `${taxonomy.title} (${chosen})` : taxonomy.title}
      </button>
      {open && (
        <MenuInsideWindow id={`${id}-menu`} className="p-2 tag-filter-menu" style={{ minWidth: '16rem', maxHeight: '60vh', overflowY: 'auto' }}>
          {children(`${id}-tag`)}
        </MenuInsideWindow>
      )}
    </div>
  );
}

/** While `open`, a press outside `container` calls `close`. */
function useCloseOnPressElsewhere(open: boolean, container: RefObject<HTMLElement | null>, close: () => void) {
  const closeMenu = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) closeMenu();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, container]);
}

/** An open dropdown menu under its button, aligned with the button's right edge instead when it would leave the window. */
function MenuInsideWindow({ id, className, style, children }: { id: string; className: string; style: CSSProperties; children: ReactNode }) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [alignEnd, setAlignEnd] = useState(false);
  useLayoutEffect(() => {
    if ((menuRef.current?.getBoundingClientRect().right ?? 0) > document.documentElement.clientWidth) setAlignEnd(true);
  }, []);
  return (
    <div ref={menuRef} id={id} data-bs-popper="static" className={`dropdown-menu show ${className}${alignEnd ? ' dropdown-menu-end' : ''}`} style={style}>
      {children}
    </div>
  );
}

interface FilterSheetProps {
  taxonomies: Taxonomy[];
  chosen: number;
  matchCount: number | null;
  onClearAll: () => void;
  children: (taxonomy: Taxonomy, idPrefix: string) => ReactNode;
}

/** Below 768 px: 'Filters (n)' opens every taxonomy in one sheet from the bottom. */
function FilterSheet({ taxonomies, chosen, matchCount, onClearAll, children }: FilterSheetProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={chosen > 0 ? 'primary' : 'outline-secondary'} size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Icon name="bi-funnel" className="me-1" />
        Filters ({chosen})
      </Button>
      <FilterSheetDialog
        show={open}
        onHide={() => setOpen(false)}
        titleId={`${id}-title`}
        taxonomies={taxonomies}
        chosen={chosen}
        matchCount={matchCount}
        onClearAll={onClearAll}
      >
        {(taxonomy) => children(taxonomy, `${id}-tag`)}
      </FilterSheetDialog>
    </>
  );
}

function TagChips({ tags, onRemove }: { tags: Tag[]; onRemove: (ref: string) => void }) {
  return (
    <ul className="list-inline mb-0 mt-1">
      {tags.map((tag) => (
        <li key={tag.ref} className="list-inline-item">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary rounded-pill py-0"
            aria-label={`Remove filter ${tag.fullLabel}`}
            onClick={() => onRemove(tag.ref)}
          >
            {tag.fullLabel} <Icon name="bi-x" />
          </button>
        </li>
      ))}
    </ul>
  );
}
