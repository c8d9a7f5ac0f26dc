/** Internal documentation (/documentation): Markdown pages of docs/handbook, rendered on the server. */
export interface DocumentationPageLink {
  slug: string;
  title: string;
  /** The page's first paragraph, as plain text. */
  summary: string;
}

export interface DocumentationPage {
  slug: string;
  title: string;
  /** Sanitized HTML rendered from the page's Markdown. */
  html: string;
}

/** Slugs are lower-case words joined by hyphens: nothing else can name a file. */
export const DOCUMENTATION_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
