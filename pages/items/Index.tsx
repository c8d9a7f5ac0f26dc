import { useState, type FormEvent } from 'react';
import { Head, router } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { EMPTY_STATES, NO_ITEMS_HERE } from '../../shared/messages';
import type { IndexSuggestions, ItemSummary } from '../../shared/items';
import type { PageProps } from '../../shared/pages';
import ItemCard from '../../components/items/ItemCard';
import ItemList from '../../components/items/ItemList';
import type { BatchSelection } from '../../components/items/batch-edit-requests';
import TagFilters from '../../components/items/TagFilters';
import { FiltersWithoutScripts } from '../../components/items/IndexWithoutScripts';
import { countLabel, countText, hasChosenFilters, indexAddress, type IndexFilters } from '../../components/items/item-index-url';
import AppLink from '../../components/lib/AppLink';
import Icon from '../../components/lib/Icon';
import FollowButton from '../../components/follows/FollowButton';
import { onDemandDialog } from '../../components/lib/on-demand';

// Editors' and admins' dialogs, loaded when first opened.
const NewItemModal = onDemandDialog(() => import('../../components/items/NewItemModal'));
const BatchEditDialog = onDemandDialog(() => import('../../components/items/BatchEditDialog'));

/** The item index: /item, /tag/{label}, /popular, /draft, /unpublished, /unlisted. */
export default function ItemIndex(props: PageProps<'items/Index'>) {
  const {
    heading,
    listing,
    filters,
    items,
    matchCount,
    filterTaxonomies,
    selectedTags,
    tagCounts,
    suggestions,
    requiredTaxonomies,
    can,
    auth,
    batchEdit,
    follow,
    tagPage,
  } = props;
  const [creating, setCreating] = useState(false);
  const filtered = filters.search !== '' || selectedTags.length > 0;
  const visit = (next: IndexFilters) => {
    const { path, query } = indexAddress(listing, tagPage, next);
    router.get(path, query, { preserveState: true, preserveScroll: true });
  };

  return (
    <>
      <Head title={heading} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{heading}</h1>
        {/* Polite live region: a new result's count is announced once it arrives, after the results. */}
        <span role="status" className="text-body-secondary text-end" style={filtered ? { minWidth: '7em' } : undefined}>
          {filtered && (matchCount === undefined ? <CountPlaceholder /> : countLabel(matchCount, 'match', 'matches'))}
        </span>
        {can.create && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Icon name="bi-plus-lg" className="me-1" />
            Create New
          </Button>
        )}
      </div>
      {follow && (
        <div className="mb-3">
          <FollowButton offer={follow} />
        </div>
      )}
      <section aria-label="Filters" className="mb-4">
        <SearchField
          key={filters.search}
          search={filters.search}
          withoutScripts={indexAddress(listing, tagPage, { ...filters, search: '' })}
          onSearch={(search) => visit({ ...filters, search })}
        />
        {/* The app's menus and sheet; where scripts cannot run, a form of checkboxes in their place. */}
        <div className="needs-scripts">
          <TagFilters
            taxonomies={filterTaxonomies}
            selectedTags={selectedTags}
            counts={tagCounts ?? {}}
            matchCount={filtered ? (matchCount ?? null) : null}
            keptRef={tagPage?.ref ?? null}
            onChange={(tags) => visit({ ...filters, tags })}
          />
        </div>
        <FiltersWithoutScripts
          taxonomies={filterTaxonomies}
          selectedTags={selectedTags}
          keptRef={tagPage?.ref ?? null}
          address={indexAddress(listing, tagPage, { ...filters, tags: [] })}
        />
      </section>
      {items.data.length === 0 ? (
        <EmptyResult
          anonymous={!auth.authenticated}
          suggestions={suggestions}
          tagFiltered={filters.tags.length > 0}
          filtersChosen={hasChosenFilters(tagPage, filters)}
        />
      ) : (
        <BatchEditableList
          key={JSON.stringify(filters)}
          listing={listing}
          filters={filters}
          address={indexAddress(listing, tagPage, filters)}
          items={items.data}
          total={matchCount}
          batchEdit={batchEdit}
        />
      )}
      {can.create && <NewItemModal show={creating} onHide={() => setCreating(false)} requiredTaxonomies={requiredTaxonomies} />}
    </>
  );
}

interface BatchEditableListProps {
  listing: PageProps<'items/Index'>['listing'];
  filters: IndexFilters;
  /** The index's address with its filters (`indexAddress`). */
  address: { path: string; query: Record<string, string> };
  items: ItemSummary[];
  /** How many the list holds; undefined until the counts arrive. */
  total: number | undefined;
  /** Null when the viewer is not offered batch edits. */
  batchEdit: PageProps<'items/Index'>['batchEdit'];
}

/**
 * The cards, with a checkbox on each one the viewer may batch edit: every card and "Select all n
 * matching" for admins, the cards they maintain for maintainers.
 */
function BatchEditableList({ listing, filters, address, items, total, batchEdit }: BatchEditableListProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [editing, setEditing] = useState(false);
  const selectable = (item: ItemSummary) => batchEdit?.allMatching === true || item.batch_editable === true;
  if (batchEdit === null || (!items.some(selectable) && selected.size === 0)) return <ItemList items={items} total={total} address={address} />;
  const toggle = (ref: string) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(ref)) next.add(ref);
      return next;
    });
  };
  // "All matching" waits for the count: the number a person confirms is the number applied.
  const count = allMatching ? (total ?? 0) : selected.size;
  const selection: BatchSelection = allMatching ? { matching: { listing, search: filters.search, tags: filters.tags } } : { refs: [...selected] };
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="group" aria-label="Batch edit">
        {batchEdit.allMatching && (
          <Form.Check
            id="select-all-matching"
            checked={allMatching}
            disabled={total === undefined}
            onChange={(event) => {
              setAllMatching(event.target.checked);
              setSelected(new Set());
            }}
            label={total === undefined ? 'Select all matching' : `Select all ${countText(total)} matching`}
          />
        )}
        <Button size="sm" variant="outline-primary" disabled={count === 0} onClick={() => setEditing(true)}>
          Edit selected ({countText(count)})
        </Button>
      </div>
      <ItemList
        items={items}
        total={total}
        address={address}
        selection={{ isSelectable: selectable, isSelected: (ref) => allMatching || selected.has(ref), toggle }}
      />
      <BatchEditDialog
        show={editing}
        onHide={() => {
          setEditing(false);
          router.reload();
        }}
        selection={selection}
        count={count}
        taxonomies={batchEdit.taxonomies}
      />
    </>
  );
}

/** Where a count will appear, the size of one: the count follows the results without moving them. */
function CountPlaceholder() {
  return (
    <span className="placeholder-glow" aria-hidden="true">
      <span className="placeholder rounded" style={{ width: '5.5em' }} />
    </span>
  );
}

/**
 * The in-page search. A form that works before (and without) the app: it asks the same page with the
 * words as `search`, keeping the other filters; the app takes it over and visits instead.
 */
function SearchField({
  search,
  withoutScripts,
  onSearch,
}: {
  search: string;
  withoutScripts: { path: string; query: Record<string, string> };
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <Form role="search" className="mb-2" method="get" action={withoutScripts.path} onSubmit={submit}>
      {Object.entries(withoutScripts.query).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <InputGroup size="sm">
        <Form.Control
          type="search"
          name="search"
          aria-label="Search titles and blurbs"
          placeholder="Search titles and blurbs"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline-secondary" aria-label="Search">
          <Icon name="bi-search" />
        </Button>
      </InputGroup>
    </Form>
  );
}

/** The suggestions' heading: popular items are those of the chosen filters, or of the whole library without any. */
function suggestionHeading(kind: IndexSuggestions['kind'], filtered: boolean): string {
  if (kind === 'closest') return 'Closest matches';
  return filtered ? 'Popular in these filters' : 'Popular items';
}

interface EmptyResultProps {
  anonymous: boolean;
  suggestions: IndexSuggestions | null;
  tagFiltered: boolean;
  /** A filter or search the person chose (not a tag page's own tag): only then is removing some worth suggesting. */
  filtersChosen: boolean;
}

/** The empty state, and what the server suggests instead (closest titles, or popular items in the chosen filters). */
function EmptyResult({ anonymous, suggestions, tagFiltered, filtersChosen }: EmptyResultProps) {
  const heading = suggestions && suggestionHeading(suggestions.kind, tagFiltered);
  return (
    <>
      <Notice variant="warning">
        <p className="mb-0">{filtersChosen ? EMPTY_STATES.items : NO_ITEMS_HERE}</p>
        {anonymous && (
          <p className="mb-0 mt-2">
            More of the library is visible when you are signed in.{' '}
            <AppLink href="/login" className="alert-link">
              Log in
            </AppLink>
          </p>
        )}
      </Notice>
      {suggestions && (
        <section aria-labelledby="item-suggestions">
          <h2 id="item-suggestions" className="h5">
            {heading}
          </h2>
          <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3" aria-label={heading ?? undefined}>
            {suggestions.items.map((item) => (
              <li key={item.ref} className="col">
                <ItemCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
