import { router } from '@inertiajs/react';
import Table from 'react-bootstrap/Table';
import { quickTagUrl, TAXONOMY_TEXTS, type AdminTag, type QuickTagRow } from '../../shared/taxonomies-admin';
import AppLink from '../lib/AppLink';

/** The props a cell click reloads: the matrix and its count (errors and flash come with every answer). */
export const MATRIX_PROPS = ['matrix', 'total'];

interface QuickTagMatrixProps {
  rows: QuickTagRow[];
  tags: AdminTag[];
}

/** Adds or removes one tag-item link through the item's quick tagging route, staying on this page and scroll position. */
export function toggleTag(itemRef: string, tagRef: string, linked: boolean): void {
  const options = { preserveScroll: true, preserveState: true, only: MATRIX_PROPS };
  if (linked) router.delete(quickTagUrl(itemRef, tagRef), options);
  else router.post(quickTagUrl(itemRef, tagRef), {}, options);
}

/** Items (rows) against the taxonomy's tags (columns); a cell is a toggle button showing whether the link exists. */
export default function QuickTagMatrix({ rows, tags }: QuickTagMatrixProps) {
  return (
    <Table responsive bordered hover size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">{TAXONOMY_TEXTS.matrixItem}</th>
          {tags.map((tag) => (
            <th scope="col" key={tag.ref} className="text-center small">
              {tag.fullLabel}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ref}>
            <th scope="row" className="fw-normal">
              <AppLink href={`/i/${row.ref}`}>{row.title}</AppLink>
            </th>
            {tags.map((tag) => {
              const linked = row.tagRefs.includes(tag.ref);
              return (
                <td key={tag.ref} className="text-center p-0">
                  <button
                    type="button"
                    className={`btn btn-sm w-100 rounded-0 ${linked ? 'btn-success' : 'btn-outline-light text-body-secondary'}`}
                    aria-pressed={linked}
                    aria-label={`${tag.fullLabel} on ${row.title}`}
                    onClick={() => toggleTag(row.ref, tag.ref, linked)}
                  >
                    <i className={`bi ${linked ? 'bi-check-lg' : 'bi-dash'}`} aria-hidden="true" />
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
