import { useState } from 'react';
import { router } from '@inertiajs/react';
import Table from 'react-bootstrap/Table';
import { type AdminTag, type QuickTagRow, TAXONOMY_TEXTS } from '../../shared/taxonomies-admin';
import AppLink from '../lib/AppLink';
import './quick-tag-matrix.css';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

/** The props a refresh reloads: the matrix and its count (errors and flash come with every answer). */
export const MATRIX_PROPS = ['matrix', 'total'];

interface QuickTagMatrixProps {
  rows: QuickTagRow[];
  tags: AdminTag[];
  /** False when the taxonomy holds one tag per item: a tick added takes the place of the row's other tick. */
  multiselect: boolean;
}

type LinksByItem = Record<string, readonly string[]>;

const linksOf = (rows: QuickTagRow[]): LinksByItem => Object.fromEntries(rows.map((row) => [row.ref, row.tagRefs]));

/**
 * Adds or removes one tag-item link through the item's quick tagging route (by the item's ref, never by row
 * position). The matrix is not reloaded: a tagged item would leave the "untagged" list and every row below it
 * would move under the admin's pointer. Errors and flash still come back with the answer.
 */
function toggleTag(itemRef: string, tagRef: string, linked: boolean, onDone: () => void): void {
  const options = { preserveScroll: true, preserveState: true, only: ['total'], onSuccess: onDone };
  if (linked) router.delete(ROUTES.itemTag.path({ ref: itemRef, tagRef }), options);
  else router.post(ROUTES.itemTag.path({ ref: itemRef, tagRef }), {}, options);
}

/** Shows the list as it is now (tagged items leave the "untagged" list). */
export function refreshMatrix(): void {
  router.reload({ only: MATRIX_PROPS });
}

/**
 * Items (rows) against the taxonomy's tags (columns); a cell is a toggle button showing whether the link exists.
 * Rows stay where they are until the admin refreshes, the tag headers and the item column stay visible while the
 * matrix scrolls, and each row shows the item's code and picture so that items with the same title can be told apart.
 */
export default function QuickTagMatrix({ rows, tags, multiselect }: QuickTagMatrixProps) {
  const [links, setLinks] = useState(() => linksOf(rows));
  const [shownRows, setShownRows] = useState(rows);
  if (rows !== shownRows) {
    setShownRows(rows);
    setLinks(linksOf(rows));
  }

  const toggle = (row: QuickTagRow, tag: AdminTag, linked: boolean) =>
    toggleTag(row.ref, tag.ref, linked, () =>
      setLinks((current) => {
        const now = current[row.ref] ?? [];
        if (linked) return { ...current, [row.ref]: now.filter((ref) => ref !== tag.ref) };
        // The server replaced the other tag (its notice says "Replaced X with Y"): the grid shows what it did.
        return { ...current, [row.ref]: multiselect ? [...now, tag.ref] : [tag.ref] };
      }),
    );

  return (
    <div className="app-matrix-scroll border rounded" tabIndex={0} role="region" aria-label="Quick-tag matrix">
      <Table bordered hover size="sm" className="align-middle mb-0 app-matrix">
        <thead>
          <tr>
            <th scope="col" className="app-matrix-corner">
              {TAXONOMY_TEXTS.matrixItem}
            </th>
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
              <th scope="row" className="fw-normal app-matrix-item">
                <div className="d-flex align-items-center gap-2">
                  {row.thumbnailUrl ? (
                    <img src={row.thumbnailUrl} alt="" width={40} height={30} loading="lazy" className="rounded object-fit-cover flex-shrink-0" />
                  ) : (
                    <Icon name="bi-image" className="text-body-secondary flex-shrink-0 app-matrix-no-image" />
                  )}
                  <span className="min-w-0">
                    <AppLink href={ROUTES.item.path({ ref: row.ref })}>{row.title}</AppLink>
                    <span className="d-block small text-body-secondary font-monospace">{row.code}</span>
                  </span>
                </div>
              </th>
              {tags.map((tag) => {
                const linked = (links[row.ref] ?? []).includes(tag.ref);
                return (
                  <td key={tag.ref} className="text-center p-0">
                    <button
                      type="button"
                      className={`btn btn-sm w-100 rounded-0 app-matrix-cell ${linked ? 'btn-success' : 'btn-outline-secondary border-0'}`}
                      aria-pressed={linked}
                      aria-label={`${tag.fullLabel} on ${row.title} (${row.code})`}
                      onClick={() => toggle(row, tag, linked)}
                    >
                      <Icon name={linked ? 'bi-check-lg' : 'bi-dash'} />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
