/** What Tab can reach inside a container: enabled controls, links and tab stops that are on screen. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A form field a person types into or chooses in (the first one a dialog opens on). */
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

const onScreen = (element: HTMLElement) => element.getClientRects().length > 0;

export function focusablesWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(onScreen);
}

/**
 * Tab on the last control goes to the first and Shift+Tab on the first to the last, so the focus cycles inside the
 * container (a dialog, a sidebar over the page); a Tab from outside it lands inside.
 */
export function keepTabInside(event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const elements = focusablesWithin(container);
  if (elements.length === 0) return;
  const first = elements[0];
  const last = elements[elements.length - 1];
  const outside = !container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/** Focuses the container's first form field; false when it has none. */
export function focusFirstField(container: HTMLElement): boolean {
  const field = [...container.querySelectorAll<HTMLElement>(FIELD)].find(onScreen);
  field?.focus();
  return field !== undefined;
}

/** Focuses the first field marked invalid (`aria-invalid="true"`) unless the focus is already on one; false when none is. */
export function focusFirstInvalidField(container: HTMLElement): boolean {
  const invalid = [...container.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].filter(onScreen);
  if (invalid.length === 0) return false;
  if (!invalid.includes(document.activeElement as HTMLElement)) invalid[0].focus();
  return true;
}
