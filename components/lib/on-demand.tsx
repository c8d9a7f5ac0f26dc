/**
 * Code a first page leaves out (issue 20 §2): dialogs, editors and members' controls are built into chunks of their
 * own and load when first wanted, so a visitor's first page downloads only what it shows.
 *
 * Only for what a visitor's server-rendered page does not show (server/web/ssr.ts renders visitors' first pages): until
 * the server process has loaded a chunk it renders nothing in its place, so the markup would not match the browser's.
 *
 * A chunk that fails to load (no network, or a tab left open across a deploy, whose old chunks are gone) leaves that
 * part out rather than the whole page; components/app/main.tsx reloads the page once for a deploy.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** A component whose code loads the first time it renders, or earlier on `preload()` (say, when a pointer nears the button that needs it). */
export type OnDemand<P> = ComponentType<P> & { preload: () => void };

/** `load`: `() => import('./TheComponent')`. Nothing shows while the code loads. */
export function onDemand<P extends object>(load: Loader<P>): OnDemand<P> {
  const LazyComponent = lazy(load);
  function LoadedOnDemand(props: P) {
    return (
      <LeftOutOnFailure>
        <Suspense fallback={null}>
          <LazyComponent {...props} />
        </Suspense>
      </LeftOutOnFailure>
    );
  }
  // A second import() of a module is answered from the module map, so preloading twice costs nothing; a failure shows
  // when the component renders.
  return Object.assign(LoadedOnDemand, { preload: () => void load().catch(() => undefined) });
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
