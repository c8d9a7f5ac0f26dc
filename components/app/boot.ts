/**
 * The tap keeper of a server-rendered page, which the document carries inline in its head, so it runs
 * before anything is painted (server/web/document.ts; the Content-Security-Policy allows it by its hash). The page is
 * on screen and its links and forms work as they are, but a button needs the app, which loads beside the paint
 * (server/web/document.ts). A tap on one before the app has started is kept, the button says it is busy, and once the
 * app has taken over the page (`<html data-app="running">`, components/layout/AppLayout.tsx) the tap is given to it:
 * no tap is lost, and nothing looks ready that is not. Should the app fail to load, the page stays readable.
 */
const root = document.documentElement;
const STARTING = 'app-starting';

/** Controls that answer a tap; of these, links and a search form's submit work without the app (they go to the server). */
const CONTROLS =
  'button, input[type="submit"], [role="button"]:not(a[href]), [role="tab"], [role="menuitem"], input[type="checkbox"], input[type="radio"], summary';

function needsTheApp(control: HTMLElement): boolean {
  if (control.closest('[data-works-without-app]')) return false;
  // A form that only asks (GET) works as it is; one that changes something needs the app's CSRF header.
  if ((control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && control.type === 'submit') return control.form?.method !== 'get';
  return true;
}

const kept: HTMLElement[] = [];

function keepTap(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
  if (!control || !needsTheApp(control)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!kept.includes(control)) kept.push(control);
  control.setAttribute('aria-busy', 'true');
}

function handOver(): void {
  document.removeEventListener('click', keepTap, true);
  root.classList.remove(STARTING);
  for (const control of kept.splice(0)) {
    control.removeAttribute('aria-busy');
    if (control.isConnected) control.click();
  }
}

if (root.dataset.app === 'running') {
  // The app was quicker (a cached page): nothing to keep.
} else {
  root.classList.add(STARTING);
  document.addEventListener('click', keepTap, true);
  new MutationObserver((_, observer) => {
    if (root.dataset.app !== 'running') return;
    observer.disconnect();
    handOver();
  }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
}
