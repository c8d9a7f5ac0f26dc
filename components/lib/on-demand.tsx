/**
 * Code a first page leaves out: dialogs, editors and members' controls are built into chunks of their
 * own and load when first wanted, so a visitor's first page downloads only what it shows.
 *
 * The server renders every part: the server-side render loads every part's code before its first page
 * (`loadEveryPartOnDemand`, components/app/ssr.tsx), a part whose code is loaded renders at once, and the render lists
 * the parts it drew (`RenderedParts`). The document preloads their code beside the entry's, and the browser loads it
 * before it hydrates (`loadRenderedParts`, components/app/main.tsx): a part hydrated before its code had come kept the
 * server's markup only until the page first changed (its deferred props arriving, say), when React drew it anew,
 * empty until the code came, and the page jumped. Each part is named by a short id of its source file, which
 * vite.config.ts writes into each `onDemand(() => import(…))` (server/web/client-build.ts `partIdOf`).
 *
 * A chunk that fails to load (no network, or a tab left open across a deploy, whose old chunks are gone) leaves that
 * part out rather than the whole page; components/app/main.tsx reloads the page once for a deploy.
 */
import { Component, createContext, lazy, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A component whose code loads the first time it renders, or earlier on `preload()` (say, when a pointer nears the button that needs it). */
export type OnDemand<P> = ComponentType<P> & { preload: () => void };

/** Every part's loader, for the server-side render to load them all before it renders (`loadEveryPartOnDemand`). */
const everyPart = new Set<() => Promise<unknown>>();
/** The loaders of the parts that show without a click (not dialogs), by id, for `loadRenderedParts`. */
const partsById = new Map<string, () => Promise<unknown>>();

/** Where the server-side render collects the ids of the parts it draws; none in the browser. */
export const RenderedParts = createContext<Set<string> | null>(null);

/**
 * `load`: `() => import('./TheComponent')`. Nothing shows while the code loads. `partId` is written by the build
 * (vite.config.ts), never by hand.
 */
export function onDemand<P extends object>(load: Loader<P>, partId?: string): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  everyPart.add(loadAndKeep);
  if (partId !== undefined) partsById.set(partId, loadAndKeep);
  const LazyComponent = lazy(loadAndKeep);
  function LoadedOnDemand(props: P) {
    const rendered = use(RenderedParts);
    if (rendered && partId !== undefined) rendered.add(partId);
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
  return loadAll(() => [...everyPart]);
}

/**
 * Loads the code of the parts a server-rendered page drew (`ids`, from RENDERED_PARTS_ATTRIBUTE), for the browser to
 * hydrate them with the page. A part inside another is known once the outer one's code has run; an id that never
 * becomes known (a part the browser's build does not have) is passed over.
 */
export function loadRenderedParts(ids: readonly string[]): Promise<void> {
  return loadAll(() => ids.flatMap((id) => partsById.get(id) ?? []));
}

async function loadAll(knownParts: () => Array<() => Promise<unknown>>): Promise<void> {
  let known = 0;
  for (let parts = knownParts(); parts.length > known; parts = knownParts()) {
    known = parts.length;
    await Promise.all(parts.map((load) => load().catch(() => undefined)));
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
  const Dialog = onDemand(load);
  function DialogOnceShown(props: P) {
    const [shown, setShown] = useState(props.show);
    if (props.show && !shown) setShown(true);
    return shown ? <Dialog {...props} /> : null;
  }
  return Object.assign(DialogOnceShown, { preload: Dialog.preload });
}
