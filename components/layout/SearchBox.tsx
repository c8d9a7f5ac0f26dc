import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { router, usePage } from '@inertiajs/react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { SearchResult } from '../../shared/items';
import AppLink from '../lib/AppLink';
import { CLOSED_SEARCH, fetchTypeAhead, searchBoxStateAfterVisit, type SearchBoxState } from './search-box-state';

/**
 * The navbar's item search: a toggle and, while open, a form that visits /item?search=… on Enter
 * and suggests matching items as the user types.
 */
export default function SearchBox() {
  const { url } = usePage();
  const [state, setState] = useState<SearchBoxState>(() => searchBoxStateAfterVisit(url, CLOSED_SEARCH));
  // Suggestions follow typing only: text filled in from a visited list's search suggests nothing.
  const [typing, setTyping] = useState(false);
  const [visitedUrl, setVisitedUrl] = useState(url);
  if (url !== visitedUrl) {
    setVisitedUrl(url);
    setState(searchBoxStateAfterVisit(url, state));
    setTyping(false);
  }

  const suggestions = useTypeAhead(state.text, state.open && typing);
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const suggestionsId = useId();

  const toggle = () => {
    flushSync(() => setState((current) => ({ ...current, open: !current.open })));
    inputRef.current?.focus();
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setTyping(false);
    const text = state.text.trim();
    router.get('/item', text ? { search: text } : {});
  };

  const dismissOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setTyping(false);
  };

  const showSuggestions = suggestions.length > 0;
  return (
    <div className="d-flex align-items-center gap-1">
      <button
        type="button"
        className="btn btn-link link-light px-2"
        aria-label={state.open ? 'Close search' : 'Open search'}
        aria-expanded={state.open}
        aria-controls={formId}
        onClick={toggle}
      >
        <i className={`bi ${state.open ? 'bi-x-lg' : 'bi-search'}`} aria-hidden="true" />
      </button>
      <form id={formId} role="search" onSubmit={search} hidden={!state.open} className="position-relative" onKeyDown={dismissOnEscape}>
        <input
          ref={inputRef}
          type="search"
          name="search"
          className="form-control form-control-sm"
          placeholder="Search titles and blurbs"
          aria-label="Search items"
          aria-controls={showSuggestions ? suggestionsId : undefined}
          aria-expanded={showSuggestions}
          autoComplete="off"
          value={state.text}
          onChange={(event) => {
            setState({ open: true, text: event.target.value });
            setTyping(true);
          }}
        />
        {showSuggestions && <Suggestions id={suggestionsId} results={suggestions} />}
      </form>
    </div>
  );
}

function Suggestions({ id, results }: { id: string; results: SearchResult[] }) {
  return (
    <ul id={id} aria-label="Suggested items" className="dropdown-menu dropdown-menu-end show position-absolute end-0 mt-1 search-suggestions" style={{ width: '22rem', maxWidth: '90vw' }}>
      {results.map((result) => (
        <li key={result.ref}>
          <AppLink href={`/i/${result.ref}`} className="dropdown-item text-wrap">
            <span className="fw-semibold d-block">{result.title}</span>
            {result.topic && <span className="small text-body-secondary d-block">{result.topic}</span>}
            {result.blurb && <span className="small d-block text-truncate">{result.blurb}</span>}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Suggestions for the typed text, asked for SEARCH_DEBOUNCE_MS after the last keystroke, only while enabled. */
function useTypeAhead(text: string, enabled: boolean): SearchResult[] {
  const [results, setResults] = useState<SearchResult[]>([]);
  const query = text.trim();
  useEffect(() => {
    if (!enabled || !query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchTypeAhead(query, controller.signal).then((found) => {
        if (!controller.signal.aborted) setResults(found);
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled]);
  return enabled && query ? results : [];
}
