import type { ReactNode } from 'react';
import type { ItemDetail } from '../../shared/items';
import { formatYearMonth } from '../../shared/dates';
import { safeHttpUrl } from './format';
import NewTabLink from '../lib/NewTabLink';

type FactsItem = Pick<
  ItemDetail,
  'available_external_link' | 'initial_publication_year_month' | 'last_updated_year_month' | 'created_by_user_name' | 'created_by_user_email'
>;

interface ItemFactsProps {
  item: FactsItem;
  /** Name the maintainer here (when the server names them to this viewer): for those who see no Ownership section. */
  withMaintainer?: boolean;
}

/** Where else the item is available, when it was first published and last updated, and who looks after it. */
export default function ItemFacts({ item, withMaintainer = false }: ItemFactsProps) {
  const link = safeHttpUrl(item.available_external_link);
  const facts = [...datedFacts(item), ...(withMaintainer ? maintainerFacts(item) : [])];
  if (!link && facts.length === 0) return null;
  return (
    <section aria-label="Availability and dates" className="mb-3">
      {link && (
        <p className="mb-2">
          <NewTabLink href={link} className="btn btn-outline-primary btn-sm">
            Available externally
          </NewTabLink>
        </p>
      )}
      {facts.length > 0 && (
        <dl className="d-flex flex-wrap gap-3 mb-0 small text-body-secondary">
          {facts.map((fact) => (
            <div key={fact.label} className="d-flex gap-1">
              <dt className="fw-normal">{fact.label}:</dt>
              <dd className="mb-0">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

interface Fact {
  label: string;
  value: ReactNode;
}

function datedFacts(item: FactsItem): Fact[] {
  const facts: Fact[] = [];
  if (item.initial_publication_year_month) facts.push({ label: 'First published', value: formatYearMonth(item.initial_publication_year_month) });
  if (item.last_updated_year_month) facts.push({ label: 'Last updated', value: formatYearMonth(item.last_updated_year_month) });
  return facts;
}

/** The maintainer as the server names them: the name when they chose to be shown, the address to those signed in. */
function maintainerFacts(item: FactsItem): Fact[] {
  if (!item.created_by_user_name) return [];
  const email = item.created_by_user_email;
  return [
    {
      label: 'Looked after by',
      value: (
        <>
          {item.created_by_user_name}
          {email && (
            <>
              {' '}
              (<a href={`mailto:${email}`}>{email}</a>)
            </>
          )}
        </>
      ),
    },
  ];
}
