import type { Tag, Taxonomy } from '../../shared/items';

/** An index's address without its tags or page: a path and its query (`indexAddress`). */
interface Address {
  path: string;
  query: Record<string, string>;
}

/** The address with `page`; page 1 is the address itself. */
function pageHref({ path, query }: Address, page: string | number): string {
  const search = new URLSearchParams(page === 1 ? query : { ...query, page: String(page) }).toString();
  return search === '' ? path : `${path}?${search}`;
}

interface FiltersProps {
  taxonomies: Taxonomy[];
  selectedTags: Tag[];
  /** A tag page's own tag: ticked and fixed (its path applies it); null elsewhere. */
  keptRef: string | null;
  /** Where the form goes, with the search it keeps (`indexAddress` without tags). */
  address: Address;
}

/**
 * The tag filters where scripts cannot run: a GET form of checkboxes, one fieldset per taxonomy, whose
 * ticked tags come back as repeated `tags` parameters (the server joins them). In `<noscript>`: React renders it on the
 * server and leaves it out in the browser, so the app's render and hydration never see it.
 */
export function FiltersWithoutScripts({ taxonomies, selectedTags, keptRef, address }: FiltersProps) {
  const selected = new Set(selectedTags.map((tag) => tag.ref));
  const offered = new Set(taxonomies.flatMap((taxonomy) => taxonomy.tags.map((tag) => tag.ref)));
  // Selected tags no taxonomy offers (chips, with the app) are kept, ticked, to be unticked here.
  const others = selectedTags.filter((tag) => !offered.has(tag.ref) && tag.ref !== keptRef);
  const check = (tag: Tag, label: string) => (
    <div key={tag.ref} className={`form-check${tag.parentRef ? ' ms-3' : ''}`}>
      <input
        className="form-check-input"
        type="checkbox"
        id={`no-script-tag-${tag.ref}`}
        name="tags"
        value={tag.ref}
        defaultChecked={selected.has(tag.ref) || tag.ref === keptRef}
        disabled={tag.ref === keptRef}
      />
      <label className="form-check-label" htmlFor={`no-script-tag-${tag.ref}`}>
        {label}
      </label>
    </div>
  );
  const fieldset = (key: string, legend: string, tags: Tag[], label: (tag: Tag) => string) => (
    <fieldset key={key}>
      <legend className="h6 small fw-semibold mb-1">{legend}</legend>
      {tags.map((tag) => check(tag, label(tag)))}
    </fieldset>
  );
  return (
    <noscript>
      <details className="mt-2">
        <summary>Filter by tags</summary>
        <form method="get" action={address.path} aria-label="Filter by tags" className="mt-2">
          {Object.entries(address.query).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="d-flex flex-wrap column-gap-4 row-gap-2 mb-2">
            {taxonomies.map((taxonomy) => fieldset(taxonomy.ref, taxonomy.title, taxonomy.tags, (tag) => tag.label))}
            {others.length > 0 && fieldset('others', 'Other tags', others, (tag) => tag.fullLabel)}
          </div>
          <button type="submit" className="btn btn-sm btn-primary">
            Apply filters
          </button>
        </form>
      </details>
    </noscript>
  );
}

interface PagesProps {
  address: Address;
  /** The scroll prop's pages: the current and previous by number, the next by number or the key it starts after. */
  currentPage: number;
  previousPage: number | null;
  nextPage: string | number | null;
}

/**
 * Where the infinite scroll would load more, links to the pages where scripts cannot run (in `<noscript>`, as
 * FiltersWithoutScripts): the next page by what the scroll would ask for (the key of this page's last card, or a
 * number), and on a later page the previous and the first.
 */
export function PagesWithoutScripts({ address, currentPage, previousPage, nextPage }: PagesProps) {
  if (nextPage === null && previousPage === null) return null;
  return (
    <noscript>
      <nav aria-label="Pages of results" className="d-flex flex-wrap justify-content-center gap-2 my-3">
        {currentPage > 2 && (
          <a className="btn btn-sm btn-outline-secondary" href={pageHref(address, 1)}>
            First page
          </a>
        )}
        {previousPage !== null && (
          <a className="btn btn-sm btn-outline-secondary" href={pageHref(address, previousPage)} rel="prev">
            Previous page
          </a>
        )}
        {nextPage !== null && (
          <a className="btn btn-sm btn-primary" href={pageHref(address, nextPage)} rel="next">
            Next page
          </a>
        )}
      </nav>
    </noscript>
  );
}
