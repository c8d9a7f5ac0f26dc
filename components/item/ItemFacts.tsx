import type { ItemDetail } from '../../shared/items';
import { formatYearMonth } from '../../shared/dates';
import { safeHttpUrl } from './format';
import Icon from '../lib/Icon';

type FactsItem = Pick<ItemDetail, 'available_external_link' | 'initial_publication_year_month' | 'last_updated_year_month'>;

/** Where else the item is available, and when it was first published and last updated. */
export default function ItemFacts({ item }: { item: FactsItem }) {
  const link = safeHttpUrl(item.available_external_link);
  const facts = datedFacts(item);
  if (!link && facts.length === 0) return null;
  return (
    <section aria-label="Availability and dates" className="mb-3">
      {link && (
        <p className="mb-2">
          <a href={link} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary btn-sm">
            <Icon name="bi-box-arrow-up-right" className="me-1" />
            Available externally
          </a>
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

function datedFacts(item: FactsItem): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  if (item.initial_publication_year_month) facts.push({ label: 'First published', value: formatYearMonth(item.initial_publication_year_month) });
  if (item.last_updated_year_month) facts.push({ label: 'Last updated', value: formatYearMonth(item.last_updated_year_month) });
  return facts;
}
