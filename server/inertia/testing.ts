/**
 * Test helpers for apps that use the adapter: read the page object of a response (an Inertia visit's JSON or a first
 * visit's HTML document) and assert on it, and build the headers of a partial reload.
 *
 *   expectInertia(response).component('items/Show').prop('item.title', 'Psalm 23').missingProp('unlinkedFiles');
 *
 * The assertions are vitest's own `expect` (toBe, toEqual, toMatchObject, toHaveProperty), so a converted check
 * asserts exactly what the plain `expect` did, asymmetric matchers (`expect.any(String)`) work inside values, and a
 * failure shows vitest's diff under a message naming the component and the prop. Nothing in the adapter's runtime
 * imports this file.
 */
import { expect } from 'vitest';
import type { PageObject } from './page';
import type { InertiaLayoutExtras, InertiaPages, InertiaSharedProps, PageName } from './types';
import { INERTIA_HEADERS } from './visit';

/** What light-my-request (`app.inject`) answers; only the parts read here. */
export interface ResponseLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export type PageSource = ResponseLike | PageObject;

/** The props of a page read without a registered type: tests read them freely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads props it does not declare
export type LooseProps = Record<string, any>;

export type RegisteredProps<N extends PageName> = InertiaPages[N] & InertiaSharedProps & InertiaLayoutExtras;

// The element the app renders into follows, empty or (rendered on the server) with the page in it.
const DOCUMENT_PAGE = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script><div (?:data-server-rendered="true" )?id="app">/;

/** The page object inside a first-visit document, read the way the v3 client reads it. */
export function pageFromDocument(html: string): PageObject {
  const match = DOCUMENT_PAGE.exec(html);
  if (!match) throw new Error(`no Inertia page element (<script data-page="app">…</script><div id="app">) in the document: ${excerpt(html)}`);
  return JSON.parse(match[1]) as PageObject;
}

/** The page object of a response — JSON for an Inertia visit, the HTML document for a first visit — or the page itself. */
export function pageFrom(source: PageSource): PageObject {
  if (isPageObject(source)) return source;
  const contentType = String(source.headers['content-type'] ?? '');
  const redirect = source.headers.location ?? source.headers[INERTIA_HEADERS.location];
  const described = `status ${source.statusCode}${redirect ? `, to ${String(redirect)}` : ''}, ${contentType || 'no content type'}`;
  if (contentType.includes('text/html')) return pageFromDocument(source.body);
  if (contentType.includes('json')) {
    const parsed: unknown = JSON.parse(source.body);
    if (isPageObject(parsed)) return parsed;
  }
  throw new Error(`not an Inertia page response (${described}): ${excerpt(source.body)}`);
}

/** A page's props, to read a value for later (a ref to visit next); with a component, asserted and typed by it. */
export function pageProps(source: PageSource): LooseProps;
export function pageProps<N extends PageName>(source: PageSource, component: N): RegisteredProps<N>;
export function pageProps(source: PageSource, component?: string): LooseProps {
  const page = pageFrom(source);
  if (component !== undefined) expect(page.component, 'Inertia page component').toBe(component);
  return page.props;
}

export interface PartialReload {
  /** X-Inertia-Partial-Data: the props (dot paths) to send. */
  only?: readonly string[];
  /** X-Inertia-Partial-Except: the props to leave out. */
  except?: readonly string[];
  /** X-Inertia-Reset: props to send without merge labels. */
  reset?: readonly string[];
}

/** The headers of `router.reload({ only, except, reset })` on `component` (add the X-Inertia visit headers). */
export function partialReloadHeaders(component: string, reload: PartialReload): Record<string, string> {
  return {
    [INERTIA_HEADERS.partialComponent]: component,
    ...listHeader(INERTIA_HEADERS.partialData, reload.only),
    ...listHeader(INERTIA_HEADERS.partialExcept, reload.except),
    ...listHeader(INERTIA_HEADERS.reset, reload.reset),
  };
}

function listHeader(name: string, values: readonly string[] | undefined): Record<string, string> {
  return values === undefined ? {} : { [name]: values.join(',') };
}

type MetadataList = 'mergeProps' | 'prependProps' | 'deepMergeProps' | 'matchPropsOn' | 'sharedProps';
type MetadataMap = 'deferredProps' | 'onceProps' | 'scrollProps';

/** Chainable assertions on one page; each returns the same object. */
export class InertiaAssertion {
  readonly page: PageObject;

  constructor(private readonly source: PageSource) {
    this.page = pageFrom(source);
  }

  /** The response's status (only when a response was given). */
  status(expected: number): this {
    if (isPageObject(this.source)) throw new Error('status(): expectInertia was given a page object, not a response');
    expect(this.source.statusCode, `status of the ${this.page.component} response`).toBe(expected);
    return this;
  }

  component(expected: string): this {
    expect(this.page.component, 'Inertia page component').toBe(expected);
    return this;
  }

  url(expected: string): this {
    expect(this.page.url, `url of ${this.page.component}`).toBe(expected);
    return this;
  }

  /**
   * The prop at a dot path (`item.title`, `items.data.0.ref`): present, and with a value, equal to it (toEqual).
   * To match part of an object, give `expect.objectContaining(…)` or use `props()`.
   */
  prop(path: string, ...value: [] | [unknown]): this {
    const found = this.valueAt(path);
    if (!found.present) throw new Error(`${this.page.component} has no prop ${path} (${found.missing}); props: ${Object.keys(this.page.props).join(', ')}`);
    if (value.length > 0) expect(found.value, `prop ${path} of ${this.page.component}`).toEqual(value[0]);
    return this;
  }

  /** Several props at once, matched as a part of `page.props` (toMatchObject). */
  props(expected: LooseProps): this {
    expect(this.page.props, `props of ${this.page.component}`).toMatchObject(expected);
    return this;
  }

  /** No prop at this dot path (left out, or not asked for by a partial reload). */
  missingProp(path: string): this {
    const found = this.valueAt(path);
    if (found.present) throw new Error(`${this.page.component} has prop ${path}, expected none; it is ${excerpt(JSON.stringify(found.value))}`);
    return this;
  }

  /** `props.errors`, the whole of it: `errors({})` asserts there are none. */
  errors(expected: Record<string, unknown>): this {
    expect(this.page.props.errors, `props.errors of ${this.page.component}`).toEqual(expected);
    return this;
  }

  /** The top-level `flash` field (toEqual); `flash(undefined)` asserts there is none. */
  flash(expected: Record<string, unknown> | undefined): this {
    expect(this.page.flash, `flash of ${this.page.component}`).toEqual(expected);
    return this;
  }

  /** The messages of `flash.notifications`, in order ([] when there are none). */
  notifications(expected: readonly string[]): this {
    const notifications = (this.page.flash?.notifications ?? []) as { message: string }[];
    expect(
      notifications.map((notification) => notification.message),
      `flash.notifications of ${this.page.component}`,
    ).toEqual(expected);
    return this;
  }

  /** `deferredProps`: group → prop paths; `{}`: the page has none. */
  deferred(expected: Record<string, string[]>): this {
    return this.metadataMap('deferredProps', expected);
  }

  /** `onceProps`; `{}`: the page has none. */
  onceProps(expected: Record<string, unknown>): this {
    return this.metadataMap('onceProps', expected);
  }

  /** `scrollProps`; `{}`: the page has none. */
  scrollProps(expected: Record<string, unknown>): this {
    return this.metadataMap('scrollProps', expected);
  }

  /** `mergeProps`; `[]`: the page has none (and so for the lists below). */
  mergeProps(expected: string[]): this {
    return this.metadataList('mergeProps', expected);
  }

  prependProps(expected: string[]): this {
    return this.metadataList('prependProps', expected);
  }

  deepMergeProps(expected: string[]): this {
    return this.metadataList('deepMergeProps', expected);
  }

  matchPropsOn(expected: string[]): this {
    return this.metadataList('matchPropsOn', expected);
  }

  /** `sharedProps`: the top-level keys that came from the shared props. */
  sharedProps(expected: string[]): this {
    return this.metadataList('sharedProps', expected);
  }

  /** The adapter sends these fields only when they apply: an empty expectation asserts the field is absent. */
  private metadataList(field: MetadataList, expected: string[]): this {
    expect(this.page[field], `${field} of ${this.page.component}`).toEqual(expected.length === 0 ? undefined : expected);
    return this;
  }

  private metadataMap(field: MetadataMap, expected: Record<string, unknown>): this {
    expect(this.page[field], `${field} of ${this.page.component}`).toEqual(Object.keys(expected).length === 0 ? undefined : expected);
    return this;
  }

  private valueAt(path: string): { present: true; value: unknown } | { present: false; missing: string } {
    let value: unknown = this.page.props;
    const walked: string[] = [];
    for (const key of path.split('.')) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) {
        return { present: false, missing: walked.length === 0 ? `no ${key}` : `${walked.join('.')} has no ${key}` };
      }
      value = (value as Record<string, unknown>)[key];
      walked.push(key);
    }
    return { present: true, value };
  }
}

/** Assertions on the page of a response (JSON or HTML) or on a page object. */
export function expectInertia(source: PageSource): InertiaAssertion {
  return new InertiaAssertion(source);
}

function isPageObject(value: unknown): value is PageObject {
  return typeof value === 'object' && value !== null && typeof (value as PageObject).component === 'string' && typeof (value as PageObject).props === 'object';
}

function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
