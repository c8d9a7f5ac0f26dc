import { router, usePage } from '@inertiajs/react';
import Dropdown from 'react-bootstrap/Dropdown';
import { VIEW_AS_TEXT, VIEW_AS_URL, viewAsChoiceLabel, viewAsTargetValue, type ViewAsTarget } from '../../shared/view-as';
import Icon from '../lib/Icon';

/** Starts a preview of the page as a level or a visitor; the server re-checks who may. */
export function startViewingAs(target: ViewAsTarget, returnTo?: string): void {
  router.post(VIEW_AS_URL, { as: viewAsTargetValue(target), ...(returnTo ? { return_to: returnTo } : {}) });
}

/** The "View as…" menu of a page (the item page), for those the server offers previews: none for most people. */
export default function ViewAsControl({ choices }: { choices: readonly ViewAsTarget[] }) {
  const url = usePage().url;
  if (choices.length === 0) return null;
  return (
    <Dropdown className="d-flex justify-content-end mb-2">
      <Dropdown.Toggle variant="outline-secondary" size="sm">
        <Icon name="bi-eye" className="me-1" />
        {VIEW_AS_TEXT.control}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {choices.map((target) => (
          <Dropdown.Item key={target} as="button" type="button" onClick={() => startViewingAs(target, url)}>
            {viewAsChoiceLabel(target)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
