/**
 * Code a first page leaves out (issue 20 §2): dialogs, editors and members' controls are built into chunks of their
 * own and load when first wanted, so a visitor's first page downloads only what it shows.
 *
 * The server renders every part (issue 36 §2): the server-side render loads every part's code before its first page
 * (`loadEveryPartOnDemand`, components/app/ssr.tsx), and a part whose code is loaded renders at once. In the browser a
 * server-rendered part whose code has not arrived stays as the server drew it (React keeps a suspended boundary's
 * markup while hydrating) and comes alive when its code does.
 *
 * A chunk that fails to load (no network, or a tab left open across a deploy, whose old chunks are gone) leaves that
 * part out rather than the whole page; components/app/main.tsx reloads the page once for a deploy.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A component whose code loads the first time it renders, or earlier on `preload()` (say, when a pointer nears the button that needs it). */
export type OnDemand<P> = ComponentType<P> & { preload: () => void };

/**
 * Every part's loader, for the server-side render to load them all before it renders (`loadEveryPartOnDemand`), and
 * the parts a page shows at once (not dialogs), for a member's browser to load before it hydrates (`loadPartsShownAtOnce`).
 */
const everyPart = new Set<() => Promise<unknown>>();
const shownAtOnce = new Set<() => Promise<unknown>>();

/** `load`: `() => import('./TheComponent')`. Nothing shows while the code loads. */
export function onDemand<P extends object>(load: Loader<P>): OnDemand<P> {
  return partOnDemand(load, true);
}

function partOnDemand<P extends object>(load: Loader<P>, showsAtOnce: boolean): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  everyPart.add(loadAndKeep);
  if (showsAtOnce) shownAtOnce.add(loadAndKeep);
  const LazyComponent = lazy(loadAndKeep);
  function LoadedOnDemand(props: P) {
    // Chosen once per place: switching from the lazy stand-in to the loaded component would mount it anew.
    const [Part] = useState<ComponentType<P>>(() => loaded ?? LazyComponent);
    return (
      <LeftOutOnFailure>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </LeftOutOnFailure>
    );
  }
  // A second import() of a module is answered from the module map, so preloading twice costs nothing; a failure shows
  // when the component renders.
  return Object.assign(LoadedOnDemand, { preload: () => void loadAndKeep().catch(() => undefined) });
}

/**
 * Loads the code of every part, and of the parts those bring, so that each renders at once: for the server-side
 * render, which cannot wait for a part (it would leave it for the browser to draw, late and with a jump).
 */
export function loadEveryPartOnDemand(): Promise<void> {
  return loadAll(everyPart);
}

/**
 * The loader of the parts known so far that show without a click (dialogs left out): called where the app starts,
 * these are the layout's (the user menu, the sidebar's history, the banners), which a member's server-rendered page
 * loads before it hydrates. A part hydrated before its code has come keeps the server's markup only until the page
 * first changes (its deferred props arriving, say): React then draws it anew, empty until the code comes, and the
 * page jumps. The page's own parts are left to load as they hydrate: loading them all first made a member's item
 * page wait 9 s after its first paint on a slow phone. A visitor's pages show none of the layout's.
 */
export function partsShownAtOnceSoFar(): () => Promise<void> {
  const known = new Set(shownAtOnce);
  return () => loadAll(known);
}

async function loadAll(parts: ReadonlySet<() => Promise<unknown>>): Promise<void> {
  let known = 0;
  while (parts.size > known) {
    known = parts.size;
    await Promise.all([...parts].map((load) => load().catch(() => undefined)));
  }
}

/** Renders nothing in place of a part whose code failed to load, instead of React unmounting the whole page. */
class LeftOutOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A dialog (props with `show`) whose code loads when it is first shown. It stays mounted afterwards, so it closes
 * with its animation and gives the focus back as react-bootstrap's Modal does.
 */
export function onDemandDialog<P extends { show: boolean }>(load: Loader<P>): OnDemand<P> {
  const Dialog = partOnDemand(load, false);
  function DialogOnceShown(props: P) {
    const [shown, setShown] = useState(props.show);
    if (props.show && !shown) setShown(true);
    return shown ? <Dialog {...props} /> : null;
  }
  return Object.assign(DialogOnceShown, { preload: Dialog.preload });
}
