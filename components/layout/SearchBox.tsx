import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { router, usePage } from '@inertiajs/react';
import { CLOSED_SEARCH, searchBoxStateAfterVisit, type SearchBoxState } from './search-box-state';

/** The navbar's item search: a toggle and, while open, a form that visits /item?search=… */
export default function SearchBox() {
  const { url } = usePage();
  const [state, setState] = useState<SearchBoxState>(() => searchBoxStateAfterVisit(url, CLOSED_SEARCH));
  const [visitedUrl, setVisitedUrl] = useState(url);
  if (url !== visitedUrl) {
    setVisitedUrl(url);
    setState(searchBoxStateAfterVisit(url, state));
  }

  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  const toggle = () => {
    flushSync(() => setState((current) => ({ ...current, open: !current.open })));
    inputRef.current?.focus();
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = state.text.trim();
    router.get('/item', text ? { search: text } : {});
  };

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
      <form id={formId} role="search" onSubmit={search} hidden={!state.open}>
        <input
          ref={inputRef}
          type="search"
          name="search"
          className="form-control form-control-sm"
          placeholder="Search titles and blurbs"
          aria-label="Search items"
          value={state.text}
          onChange={(event) => setState({ open: true, text: event.target.value })}
        />
      </form>
    </div>
  );
}
