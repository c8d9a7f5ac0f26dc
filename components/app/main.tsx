import 'bootstrap/dist/css/bootstrap.min.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createInertiaApp, router } from '@inertiajs/react';
import { defaultLayout, inertiaDefaults, pageTitle } from './inertia-setup';
import { preloadPrefetchedPage, resolvePage } from '../lib/page-modules';
import { loadRenderedParts } from '../lib/on-demand';
import { RENDERED_PARTS_ATTRIBUTE } from '../../shared/constants';
import { reloadOnceForNewBuild } from './reload-after-deploy';

reloadOnceForNewBuild();

void createInertiaApp({
  resolve: resolvePage,
  layout: defaultLayout,
  title: pageTitle,
  defaults: inertiaDefaults,
  progress: { color: '#ffc107', delay: 250 },
  setup({ el, App, props }) {
    const app = <App {...props} />;
    // Hydrating a server-rendered page as a transition lets React yield to the browser every few milliseconds, so a
    // tap while the page comes alive is not kept waiting behind one long task (total blocking time).
    if (!el.hasAttribute('data-server-rendered')) {
      createRoot(el).render(app);
      return;
    }
    // The parts on demand the server drew (a member's user menu, the item's toolbar…): their code first, preloaded by
    // the document, so they hydrate with the page instead of being drawn anew when it first changes (components/lib/on-demand.tsx).
    const renderedParts = document.documentElement.getAttribute(RENDERED_PARTS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [];
    void loadRenderedParts(renderedParts).then(() => startTransition(() => void hydrateRoot(el, app)));
  },
});

router.on('prefetched', (event) => preloadPrefetchedPage(event.detail.response));
