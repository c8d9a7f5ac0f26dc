import 'bootstrap/dist/css/bootstrap.min.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createInertiaApp, router } from '@inertiajs/react';
import { defaultLayout, inertiaDefaults, pageTitle } from './inertia-setup';
import { preloadPrefetchedPage, resolvePage } from '../lib/page-modules';
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
    // tap while the page comes alive is not kept waiting behind one long task (issue 20 §2, total blocking time).
    if (el.hasAttribute('data-server-rendered')) startTransition(() => void hydrateRoot(el, app));
    else createRoot(el).render(app);
  },
});

router.on('prefetched', (event) => preloadPrefetchedPage(event.detail.response));
