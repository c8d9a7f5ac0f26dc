/**
 * The server-side render of a page: the same pages, layout and title as the browser's entry
 * (main.tsx), rendered to HTML that the browser then hydrates. Built by `vite build --ssr` into dist/ssr; the server
 * loads it in-process (server/web/ssr.ts).
 */
import { createInertiaApp } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import { renderToString } from 'react-dom/server';
import type { ScreenSize } from '../../shared/constants';
import { ServerScreenSizeContext } from '../layout/useScreenSize';
import { defaultLayout, inertiaDefaults, pageTitle } from './inertia-setup';
import { loadEveryPage, resolvePage } from '../lib/page-modules';
import { loadEveryPartOnDemand, RenderedParts } from '../lib/on-demand';

/** Every page and every part it may load on demand, loaded once before the first render (components/lib/on-demand.tsx). */
const everythingLoaded = loadEveryPage().then(loadEveryPartOnDemand);

export interface RenderedPage {
  /** Tags for the document's head (from `<Head>`), as strings. */
  head: string[];
  /** The page element and the app's markup: `<script data-page…></script><div data-server-rendered="true" id="app">…</div>`. */
  body: string;
  /** The ids of the parts on demand it drew (components/lib/on-demand.tsx). */
  parts: string[];
}

/** `screenSize`: the server's guess of the visitor's screen (it cannot measure one), as the layout's first render assumes. */
export async function renderPage(page: Page, screenSize: ScreenSize): Promise<RenderedPage> {
  await everythingLoaded;
  // renderToString draws synchronously: the set is this render's alone.
  const parts = new Set<string>();
  const rendered = await createInertiaApp({
    page,
    render: renderToString,
    resolve: resolvePage,
    layout: defaultLayout,
    title: pageTitle,
    defaults: inertiaDefaults,
    setup: ({ App, props }) => (
      <RenderedParts value={parts}>
        <ServerScreenSizeContext value={screenSize}>
          <App {...props} />
        </ServerScreenSizeContext>
      </RenderedParts>
    ),
  });
  return { ...rendered, parts: [...parts] };
}
