import type { PropsMetadata } from './resolve';
import type { InertiaFlash, PageErrors } from './types';

/** The Inertia v3 page object; optional fields are present only when they apply. */
export interface PageObject extends PropsMetadata {
  component: string;
  props: Record<string, unknown> & { errors: PageErrors };
  url: string;
  version: string;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  /** Top-level keys of `props` that came from the shared props. */
  sharedProps?: string[];
  flash?: InertiaFlash;
}

export interface PageParts {
  component: string;
  props: Record<string, unknown>;
  errors: PageErrors;
  metadata: PropsMetadata;
  url: string;
  version: string;
  sharedKeys: string[];
  flash: InertiaFlash;
  encryptHistory?: boolean;
  clearHistory?: boolean;
}

export function assemblePage(parts: PageParts): PageObject {
  return {
    component: parts.component,
    props: { ...parts.props, errors: parts.errors },
    url: parts.url,
    version: parts.version,
    ...(parts.encryptHistory ? { encryptHistory: true } : {}),
    ...(parts.clearHistory ? { clearHistory: true } : {}),
    ...parts.metadata,
    ...(parts.sharedKeys.length > 0 ? { sharedProps: parts.sharedKeys } : {}),
    ...(Object.keys(parts.flash).length > 0 ? { flash: parts.flash } : {}),
  };
}

/**
 * The page JSON for the `<script type="application/json">` element. `/` and
 * `<` are escaped (as `\/` and `\u003c`, still plain JSON) so that neither
 * `</script>` nor `<!--` inside a prop can end or derail the element; HTML
 * entities would not be decoded inside a script element, so none are used.
 */
export function serializePage(page: PageObject): string {
  return JSON.stringify(page).replace(/\//g, '\\/').replace(/</g, '\\u003c');
}
