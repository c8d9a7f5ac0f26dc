import { Head } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import ItemCard from '../../components/items/ItemCard';
import Pagination from '../../components/pagination/Pagination';
import PastLastPageNotice from '../../components/pagination/PastLastPageNotice';
import type { AffirmedItem, MyAffirmation } from '../../shared/my-affirmations';
import { MY_AFFIRMATIONS_TEXTS } from '../../shared/my-affirmations';
import type { PageProps } from '../../shared/pages';
import Icon from '../../components/lib/Icon';

/** /affirmation, My Affirmations: a paged grid of the items the viewer affirmed, with counts. */
export default function AffirmationIndex({ items, emptyText }: PageProps<'affirmation/Index'>) {
  return (
    <>
      <Head title={MY_AFFIRMATIONS_TEXTS.title} />
      <h1 className="mb-3">{MY_AFFIRMATIONS_TEXTS.title}</h1>
      {items.pastLastPage ? (
        <PastLastPageNotice pastLastPage={items.pastLastPage} />
      ) : items.data.length === 0 ? (
        <p className="text-body-secondary">{emptyText}</p>
      ) : (
        <>
          <Pagination links={items.links} label="My Affirmations pages" className="mb-3" />
          <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3" aria-label={MY_AFFIRMATIONS_TEXTS.title}>
            {items.data.map((entry) => (
              <li key={entry.item.ref} className="col d-flex flex-column" aria-label={entry.item.title}>
                <ItemCard item={entry.item} />
                <AffirmationCounts entry={entry} />
              </li>
            ))}
          </ul>
          <Pagination links={items.links} label="My Affirmations pages, again" className="mt-3" />
        </>
      )}
    </>
  );
}

/** What the viewer gave the item, and the item's affirmations at a glance. */
function AffirmationCounts({ entry }: { entry: AffirmedItem }) {
  return (
    <div className="small mt-2">
      <div className="d-flex flex-wrap gap-1 mb-1">
        {entry.mine.map((affirmation) => (
          <MyAffirmationBadge key={affirmation.ref} affirmation={affirmation} />
        ))}
      </div>
      <div className="text-body-secondary">{entry.affirmation_text}</div>
    </div>
  );
}

function MyAffirmationBadge({ affirmation }: { affirmation: MyAffirmation }) {
  const strong = affirmation.value > 1;
  const icon = affirmation.is_negative ? 'bi-hand-thumbs-down' : 'bi-hand-thumbs-up';
  return (
    <Badge bg={affirmation.is_negative ? 'warning' : 'success'} text={affirmation.is_negative ? 'dark' : undefined}>
      <Icon name={strong ? `${icon}-fill` : icon} className="me-1" />
      {`${affirmation.title}${strong ? ' (strong)' : ''}`}
    </Badge>
  );
}
