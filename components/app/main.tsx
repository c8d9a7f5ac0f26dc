import 'bootstrap/dist/css/bootstrap.min.css';
import { createInertiaApp } from '@inertiajs/react';
import { defaultLayout, inertiaDefaults, pageTitle, resolvePage } from './inertia-setup';

void createInertiaApp({
  resolve: resolvePage,
  layout: defaultLayout,
  title: pageTitle,
  defaults: inertiaDefaults,
  progress: { color: '#ffc107', delay: 250 },
});
