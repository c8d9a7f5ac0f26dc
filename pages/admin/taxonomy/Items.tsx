import { useState, type FormEvent } from 'react';
import { Head, Link, router, usePage } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { EMPTY_STATES, plural } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';
import { QUICK_TAG_SEARCH_MAX, TAXONOMY_TEXTS } from '../../../shared/taxonomies-admin';
import QuickTagMatrix, { refreshMatrix } from '../../../components/admin-taxonomies/QuickTagMatrix';
import PageHeader from '../../../components/layout/PageHeader';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';
import { ROUTES } from '../../../shared/routes';
import Icon from '../../../components/lib/Icon';

/**
 * /admin/taxonomy/{ref}/item (items without a tag in the taxonomy) and /admin/taxonomy/{ref}/item/all: the quick-tag
 * matrix, a page at a time, with a title search. A refused click (a required taxonomy's last tag) shows its error.
 */
export default function AdminTaxonomyItems({ taxonomy, matrix, total, all, filters }: PageProps<'admin/taxonomy/Items'>) {
  const { props } = usePage();
  const [search, setSearch] = useState(filters.search);
  const itemsRoute = (allItems: boolean) => (allItems ? ROUTES.adminTaxonomyAllItems : ROUTES.adminTaxonomyItems).path({ ref: taxonomy.ref });
  const path = itemsRoute(all);
  const heading = all ? TAXONOMY_TEXTS.quickTagAll : TAXONOMY_TEXTS.quickTagUntagged;
  const errors = Object.values(props.errors ?? {}).flatMap((message: unknown) => (typeof message === 'string' ? [message] : []));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    router.get(path, search.trim() ? { search: search.trim() } : {}, { preserveState: true });
  };

  return (
    <>
      <Head title={`${taxonomy.title}: ${heading}`} />
      <PageHeader
        title={`${taxonomy.title}: ${heading}`}
        meta={
          <div className="d-flex flex-wrap gap-3 small">
            <Link href={ROUTES.adminTaxonomy.path({ ref: taxonomy.ref })}>{taxonomy.title}</Link>
            <Link href={itemsRoute(!all)}>{all ? TAXONOMY_TEXTS.quickTagUntagged : TAXONOMY_TEXTS.quickTagAll}</Link>
            <span className="text-body-secondary">{plural(total, 'item')}</span>
          </div>
        }
      />
      <Form onSubmit={submit} role="search" className="mb-3" style={{ maxWidth: '28rem' }}>
        <InputGroup>
          <Form.Control
            type="search"
            name="search"
            aria-label={TAXONOMY_TEXTS.searchTitles}
            placeholder={TAXONOMY_TEXTS.searchTitles}
            value={search}
            maxLength={QUICK_TAG_SEARCH_MAX}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button type="submit" variant="outline-secondary" aria-label="Search">
            <Icon name="bi-search" />
          </Button>
        </InputGroup>
      </Form>
      {errors.map((message) => (
        <Notice key={message} variant="danger">
          {message}
        </Notice>
      ))}
      {matrix.pastLastPage ? (
        <PastLastPageNotice pastLastPage={matrix.pastLastPage} />
      ) : matrix.data.length === 0 ? (
        <Notice variant="warning">{all || filters.search ? EMPTY_STATES.items : EMPTY_STATES.unlinkedFiles}</Notice>
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <Button variant="outline-secondary" size="sm" onClick={refreshMatrix}>
              <Icon name="bi-arrow-clockwise" className="me-1" />
              {TAXONOMY_TEXTS.refreshMatrix}
            </Button>
            <span className="small text-body-secondary">{TAXONOMY_TEXTS.matrixStaysNote}</span>
          </div>
          <Pagination links={matrix.links} label="Item pages" className="mb-2" />
          <QuickTagMatrix rows={matrix.data} tags={taxonomy.tags} multiselect={taxonomy.multiselect} />
          <Pagination links={matrix.links} label="Item pages" className="mt-2" />
        </>
      )}
    </>
  );
}
