import 'bootstrap/dist/css/bootstrap.min.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createInertiaApp, router } from '@inertiajs/react';
import { defaultLayout, inertiaDefaults, pageTitle } from './inertia-setup';
import { preloadPrefetchedPage, resolvePage } from '../lib/page-modules';
import { partsShownAtOnceSoFar } from '../lib/on-demand';
import { reloadOnceForNewBuild } from './reload-after-deploy';

reloadOnceForNewBuild();

// The layout's parts that load on demand, known once the entry's modules have run (before any page's).
const loadLayoutParts = partsShownAtOnceSoFar();

void createInertiaApp({
  resolve: resolvePage,
  layout: defaultLayout,
  title: pageTitle,
  defaults: inertiaDefaults,
  progress: { color: '#ffc107', delay: 250 },
  setup({ el, App, props }) {
    const app = <App {...props} />;
    // Hydrating a server-rendered page as a transition lets React yield to the browser every few milliseconds, so a
    // tap while the page comes alive is not kept waiting behind one long task (issue 20 §2, total blocking time).
    if (!el.hasAttribute('data-server-rendered')) {
      createRoot(el).render(app);
      return;
    }
    const hydrate = () => startTransition(() => void hydrateRoot(el, app));
    // A member's page shows the layout's parts that load on demand (the user menu, the sidebar's history): their code
    // first, so they hydrate with the page instead of being drawn anew when it first changes (components/lib/on-demand.tsx).
    if (props.initialPage.props.auth.authenticated) void loadLayoutParts().then(hydrate);
    else hydrate();
  },
});

router.on('prefetched', (event) => preloadPrefetchedPage(event.detail.response));
