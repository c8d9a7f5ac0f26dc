/**
 * The one script of a server-rendered page (issue 20 §2). The page is on screen before any script runs: the app's
 * scripts start loading only once the browser has painted it, so a phone on a slow network shows the text and the
 * largest picture without sharing its bandwidth with the scripts first. server/web/document.ts names the app's entry
 * in `data-app`. Until the app has loaded, links work as plain links; should it fail to load, the page stays readable.
 */
const app = document.querySelector('script[data-app]')?.getAttribute('data-app');
if (app) void afterNextPaint().then(() => import(/* @vite-ignore */ app).catch(() => undefined));

/** After the browser has painted the next frame; at once in a hidden tab, where frames are not painted. */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
