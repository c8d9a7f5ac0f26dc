import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { AFFIRMATION_STRENGTH } from '../../shared/enums';
import type { AffirmationOption, ItemDetail } from '../../shared/items';
import { AFFIRMATION_LOGIN_PROMPT, STRONG_AFFIRMATION_CONFIRM } from '../../shared/messages';
import { postKeepingScroll } from '../lib/visits';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';

type Strength = AffirmationOption['item_affirmations'];

interface ItemAffirmationsProps {
  item: Pick<ItemDetail, 'ref' | 'affirmation_text'>;
  options: AffirmationOption[];
  signedIn: boolean;
}

/** Thumbs and strong affirmations per option for signed-in users; for visitors, a line saying signing in lets them affirm. */
export default function ItemAffirmations({ item, options, signedIn }: ItemAffirmationsProps) {
  if (options.length === 0) return null;
  return (
    <section aria-labelledby="item-affirmations-title" className="mb-3">
      <h2 id="item-affirmations-title" className="h5">
        Affirmations
      </h2>
      <p className="text-body-secondary small">{item.affirmation_text}</p>
      {signedIn ? (
        <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
          {options.map((option) => (
            <li key={option.ref}>
              <AffirmationChoice itemRef={item.ref} option={option} />
            </li>
          ))}
        </ul>
      ) : (
        // The page's one sign-in prompt is at its top (LoginPrompt); here only what signing in would let one do.
        <p className="text-body-secondary small mb-0">{AFFIRMATION_LOGIN_PROMPT}</p>
      )}
    </section>
  );
}

/** Clicking the current strength clears it; a strong affirmation asks first. */
function nextStrength(current: Strength, clicked: Strength): Strength | null {
  if (clicked === current) return AFFIRMATION_STRENGTH.NONE;
  if (clicked === AFFIRMATION_STRENGTH.STRONG && !window.confirm(STRONG_AFFIRMATION_CONFIRM)) return null;
  return clicked;
}

function AffirmationChoice({ itemRef, option }: { itemRef: string; option: AffirmationOption }) {
  const choose = (clicked: Strength) => {
    const value = nextStrength(option.item_affirmations, clicked);
    if (value === null) return;
    postKeepingScroll(
      ROUTES.itemAffirmation.path({ ref: itemRef }),
      { affirmation: option.ref, value },
      {
        only: ['affirmationOptions', 'item'],
        // Affirmation failures are only logged.
        onError: (errors) => console.error('affirmation not saved', errors),
      },
    );
  };
  const icons = option.is_negative ? { normal: 'bi-hand-thumbs-down', strong: 'bi-exclamation-octagon' } : { normal: 'bi-hand-thumbs-up', strong: 'bi-star' };
  const variant = option.is_negative ? 'outline-danger' : 'outline-success';
  const normal = option.item_affirmations === AFFIRMATION_STRENGTH.NORMAL;
  const strong = option.item_affirmations === AFFIRMATION_STRENGTH.STRONG;
  return (
    <div role="group" aria-label={option.title} className="d-flex align-items-center gap-1">
      <span className="me-1">{option.title}</span>
      <Button
        size="sm"
        variant={variant}
        active={normal}
        aria-pressed={normal}
        aria-label={`${option.title}: thumb`}
        onClick={() => choose(AFFIRMATION_STRENGTH.NORMAL)}
      >
        <Icon name={`${icons.normal}${normal ? '-fill' : ''}`} />
      </Button>
      <Button
        size="sm"
        variant={variant}
        active={strong}
        aria-pressed={strong}
        aria-label={`${option.title}: strong`}
        onClick={() => choose(AFFIRMATION_STRENGTH.STRONG)}
      >
        <Icon name={`${icons.strong}${strong ? '-fill' : ''}`} />
      </Button>
      {option.count !== null && (
        <Badge bg="secondary" pill title="People who gave this (admins only)">
          {option.count}
        </Badge>
      )}
    </div>
  );
}
