import 'bootstrap/dist/css/bootstrap.min.css';
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
});

router.on('prefetched', (event) => preloadPrefetchedPage(event.detail.response));
