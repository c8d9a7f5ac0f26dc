import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { router, usePage } from '@inertiajs/react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import type { SearchResult } from '../../shared/items';
import { CLOSED_SEARCH, fetchTypeAhead, searchBoxStateAfterVisit, seeAllResultsLabel, type SearchBoxState } from './search-box-state';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

/**
 * The navbar's item search: a toggle and, while open, a form that visits /item?search=… on Enter
 * and suggests matching items as the user types. The input is an ARIA combobox (↑/↓ move through
 * the suggestions and a last "See all results for …" row, Enter opens the highlighted one, Escape
 * closes the list, then the box). On phones the open form is a full-width bar under the navbar.
 */
export default function SearchBox() {
  const { url } = usePage();
  const [state, setState] = useState<SearchBoxState>(() => searchBoxStateAfterVisit(url, CLOSED_SEARCH));
  // Suggestions follow typing only: text filled in from a visited list's search suggests nothing.
  const [typing, setTyping] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const [visitedUrl, setVisitedUrl] = useState(url);
  if (url !== visitedUrl) {
    setVisitedUrl(url);
    setState(searchBoxStateAfterVisit(url, state));
    setTyping(false);
    setHighlighted(-1);
  }

  const suggestions = useTypeAhead(state.text, state.open && typing);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const query = state.text.trim();
  const listShown = suggestions !== null && query !== '';
  // The suggestions, then "See all results for …".
  const optionCount = listShown ? suggestions.length + 1 : 0;

  const toggle = () => {
    const closing = state.open;
    flushSync(() => setState((current) => ({ ...current, open: !current.open })));
    if (closing) toggleRef.current?.focus();
    else inputRef.current?.focus();
  };

  const searchFor = (text: string) => {
    setTyping(false);
    setHighlighted(-1);
    router.get('/item', text ? { search: text } : {});
  };

  const choose = (index: number) => {
    if (!listShown) return;
    if (index < suggestions.length) {
      setTyping(false);
      router.visit(ROUTES.item.path({ ref: suggestions[index].ref }));
    } else searchFor(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (highlighted >= 0 && highlighted < optionCount) choose(highlighted);
    else searchFor(query);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!listShown) {
        setTyping(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((current) => nextHighlight(current, step, optionCount));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (listShown) {
        setTyping(false);
        setHighlighted(-1);
      } else toggle();
    }
  };

  const activeIndex = highlighted >= 0 && highlighted < optionCount ? highlighted : -1;
  return (
    <div className="d-flex align-items-center">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-link link-light app-navbar-button"
        aria-label={state.open ? 'Close search' : 'Open search'}
        aria-expanded={state.open}
        aria-controls={formId}
        onClick={toggle}
      >
        <Icon name={state.open ? 'bi-x-lg' : 'bi-search'} />
      </button>
      <form id={formId} role="search" onSubmit={submit} hidden={!state.open} className="app-search-form">
        <input
          ref={inputRef}
          type="text"
          name="search"
          role="combobox"
          className="form-control form-control-sm"
          placeholder="Search titles and blurbs"
          aria-label="Search items"
          aria-autocomplete="list"
          aria-controls={listId}
          aria-expanded={listShown}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          value={state.text}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            setState({ open: true, text: event.target.value, filledFromList: false });
            setTyping(true);
            setHighlighted(-1);
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested items"
          hidden={!listShown}
          className={`dropdown-menu app-search-suggestions ${listShown ? 'show' : ''}`}
        >
          {listShown &&
            suggestions.map((result, index) => (
              <Option key={result.ref} id={optionId(index)} active={index === activeIndex} onChoose={() => choose(index)} onHover={() => setHighlighted(index)}>
                <span className="fw-semibold d-block">
                  <Highlighted text={result.title} match={query} />
                </span>
                {result.topic && <span className="small text-body-secondary d-block">{result.topic}</span>}
                {result.blurb && <span className="small d-block text-truncate">{result.blurb}</span>}
              </Option>
            ))}
          {listShown && (
            <Option
              id={optionId(suggestions.length)}
              active={activeIndex === suggestions.length}
              onChoose={() => choose(suggestions.length)}
              onHover={() => setHighlighted(suggestions.length)}
            >
              <Icon name="bi-search" className="me-2" />
              {seeAllResultsLabel(query)}
            </Option>
          )}
        </ul>
      </form>
    </div>
  );
}

/** -1 is the typed text itself; the options follow it, and both ends wrap round through it. */
function nextHighlight(current: number, step: 1 | -1, optionCount: number): number {
  const positions = optionCount + 1;
  return ((current + 1 + step + positions) % positions) - 1;
}

interface OptionProps {
  id: string;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
  children: ReactNode;
}

/** One row of the listbox; the pointer chooses it, the keyboard reaches it through the input's active descendant. */
function Option({ id, active, onChoose, onHover, children }: OptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`dropdown-item text-wrap app-search-option ${active ? 'active' : ''}`}
      // Keeps the focus in the input, so the list does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onHover}
      onClick={onChoose}
    >
      {children}
    </li>
  );
}

/** The title with the first occurrence of the typed text marked. */
function Highlighted({ text, match }: { text: string; match: string }) {
  const at = match ? text.toLowerCase().indexOf(match.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="p-0">{text.slice(at, at + match.length)}</mark>
      {text.slice(at + match.length)}
    </>
  );
}

/**
 * Suggestions for the typed text, asked for SEARCH_DEBOUNCE_MS after the last keystroke, only while
 * enabled; null until the answer for the current text has arrived.
 */
function useTypeAhead(text: string, enabled: boolean): SearchResult[] | null {
  const [answer, setAnswer] = useState<{ query: string; results: SearchResult[] } | null>(null);
  const query = text.trim();
  useEffect(() => {
    if (!enabled || !query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchTypeAhead(query, controller.signal).then((found) => {
        if (!controller.signal.aborted) setAnswer({ query, results: found });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled]);
  return enabled && query && answer?.query === query ? answer.results : null;
}
