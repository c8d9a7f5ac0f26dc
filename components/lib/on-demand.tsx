/**
 * Code a first page leaves out (issue 20 §2): dialogs, editors and members' controls are built into chunks of their
 * own and load when first wanted, so a visitor's first page downloads only what it shows.
 *
 * Only for what a visitor's server-rendered page does not show (server/web/ssr.ts renders visitors' first pages):
 * the server renders nothing in its place, and the browser would fill it in a moment later.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A component whose code loads the first time it renders, or earlier on `preload()` (say, when a pointer nears the button that needs it). */
export type OnDemand<P> = ComponentType<P> & { preload: () => void };

/** `load`: `() => import('./TheComponent')`. Nothing shows while the code loads. */
export function onDemand<P extends object>(load: Loader<P>): OnDemand<P> {
  const LazyComponent = lazy(load);
  function LoadedOnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <LazyComponent {...props} />
      </Suspense>
    );
  }
  // A second import() of a module is answered from the module map, so preloading twice costs nothing.
  return Object.assign(LoadedOnDemand, { preload: () => void load() });
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
