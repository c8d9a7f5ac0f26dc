/**
 * What a page's HTML document says about it beyond its props, for search engines and the apps a link is pasted into.
 * Registered with the Inertia adapter (inertia-types.ts), so `reply.inertia(…, { head })` is typed by it.
 */
export interface DocumentHead {
  /** The meta description; the site's own (`siteDescription`) when absent. */
  description?: string;
  /** The page's one address, without share tokens or filters, for `<link rel="canonical">` and `og:url`. */
  canonicalPath?: string;
  /** Open Graph and Twitter card tags. Only for what a visitor may open: features/seo/link-preview.ts decides. */
  preview?: LinkPreview;
  /** A public Atom feed of the page (a tag, a public collection): `<link rel="alternate">` for feed readers. */
  feed?: { title: string; path: string };
  /**
   * Other sites may embed the page (what a visitor may open: features/seo/link-preview.ts decides): the oEmbed
   * discovery link to its answer, titled so. Written only beside `canonicalPath`, the address the answer is for.
   */
  embed?: { title: string };
}

export interface LinkPreview {
  title: string;
  /** The path of a large image (served to visitors), or null for a card without one. */
  imagePath: string | null;
  /**
   * The image is the site's own picture (the app's icon), not the page's: a small card, and not preloaded, since the
   * page does not show it.
   */
  siteImage?: boolean;
  type: 'article' | 'website';
}
