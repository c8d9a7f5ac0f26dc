/**
 * Prop helpers for `reply.inertia`. A page prop is a plain value, a lazy
 * function (run only when the prop is sent), or one of the wrapped props built
 * here, which tell the resolver when to evaluate a prop and which page-object
 * metadata (deferredProps, mergeProps, onceProps, scrollProps…) it announces.
 */

export type Resolver<T> = () => T | Promise<T>;

/** When a wrapped prop is evaluated. */
export type PropLoading = 'eager' | 'optional' | 'deferred' | 'always';

export interface MergeSpec {
  readonly mode: 'append' | 'prepend' | 'deep';
  /** Merge only at this path inside the prop (e.g. `data`); null merges the prop itself. */
  readonly at: string | null;
  /** Keys, relative to the prop, by which the client matches merged items, e.g. `id` or `data.id`. */
  readonly matchOn: readonly string[];
}

export interface OnceSpec {
  /** Name the client remembers the prop by; defaults to the prop's path. */
  readonly key: string | null;
  /** Epoch milliseconds after which the client asks for a fresh value. */
  readonly expiresAt: number | null;
}

export type ScrollPageIdentifier = number | string | null;

/** Pagination state the client's `<InfiniteScroll>` reads from `scrollProps`. */
export interface ScrollPagination {
  pageName: string;
  currentPage: ScrollPageIdentifier;
  previousPage: ScrollPageIdentifier;
  nextPage: ScrollPageIdentifier;
}

export interface ScrollOptions extends ScrollPagination {
  /** Key inside the prop that holds the page's items; the client merges only that. */
  wrapper?: string;
}

/**
 * Scroll options whose pagination is known only once the page has been read: resolved only when the prop is sent, so
 * a partial reload that asks for other props does not read the page.
 */
export interface LazyScrollOptions {
  wrapper?: string;
  pagination: Resolver<ScrollPagination>;
}

export interface OnceOptions {
  key?: string;
  expiresAt?: number | Date | null;
}

export interface PropSpec<T> {
  readonly resolve: Resolver<T>;
  readonly loading: PropLoading;
  readonly group: string;
  readonly merge: MergeSpec | null;
  readonly once: OnceSpec | null;
  readonly scroll: Resolver<ScrollPagination> | null;
}

const DEFAULT_MERGE: MergeSpec = { mode: 'append', at: null, matchOn: [] };

/** An immutable prop description; each modifier returns a new one. */
export class InertiaProp<T> {
  constructor(readonly spec: PropSpec<T>) {}

  /** Merge into the client's current value (append to arrays, shallow-merge objects). */
  merge(): InertiaProp<T> {
    return this.with({ merge: this.spec.merge ?? DEFAULT_MERGE });
  }

  /** Append new items, at the prop itself or at a path inside it. */
  append(at?: string): InertiaProp<T> {
    return this.withMerge({ mode: 'append', at: at ?? null });
  }

  /** Put new items before the client's current ones. */
  prepend(at?: string): InertiaProp<T> {
    return this.withMerge({ mode: 'prepend', at: at ?? null });
  }

  /** Merge nested objects and arrays recursively. */
  deepMerge(): InertiaProp<T> {
    return this.withMerge({ mode: 'deep', at: null });
  }

  /** Replace existing items that share these keys instead of duplicating them. */
  matchOn(...keys: string[]): InertiaProp<T> {
    const merge = this.spec.merge ?? DEFAULT_MERGE;
    return this.with({ merge: { ...merge, matchOn: [...merge.matchOn, ...keys] } });
  }

  /** Let the client keep the value across visits and skip it while it still has it. */
  once(options: OnceOptions = {}): InertiaProp<T> {
    return this.with({ once: toOnceSpec(options) });
  }

  private withMerge(changes: Pick<MergeSpec, 'mode' | 'at'>): InertiaProp<T> {
    return this.with({ merge: { ...(this.spec.merge ?? DEFAULT_MERGE), ...changes } });
  }

  private with(changes: Partial<PropSpec<T>>): InertiaProp<T> {
    return new InertiaProp({ ...this.spec, ...changes });
  }
}

function createProp<T>(resolve: Resolver<T>, changes: Partial<PropSpec<T>> = {}): InertiaProp<T> {
  return new InertiaProp<T>({ resolve, loading: 'eager', group: 'default', merge: null, once: null, scroll: null, ...changes });
}

function toResolver<T>(valueOrFn: T | Resolver<T>): Resolver<T> {
  return typeof valueOrFn === 'function' ? (valueOrFn as Resolver<T>) : () => valueOrFn;
}

function toOnceSpec(options: OnceOptions): OnceSpec {
  const expiresAt = options.expiresAt instanceof Date ? options.expiresAt.getTime() : (options.expiresAt ?? null);
  return { key: options.key ?? null, expiresAt };
}

/** Sent only when a partial reload asks for it by name; never announced to the client. */
export function optional<T>(fn: Resolver<T>): InertiaProp<T> {
  return createProp(fn, { loading: 'optional' });
}

/** Left out of the first response and fetched by the client right after, grouped into one request per group. */
export function defer<T>(fn: Resolver<T>, group = 'default'): InertiaProp<T> {
  return createProp(fn, { loading: 'deferred', group });
}

/** Sent on every response, whatever a partial reload asks for. */
export function always<T>(valueOrFn: T | Resolver<T>): InertiaProp<T> {
  return createProp(toResolver(valueOrFn), { loading: 'always' });
}

/** Merged into the client's current value on partial reloads instead of replacing it. */
export function merge<T>(valueOrFn: T | Resolver<T>): InertiaProp<T> {
  return createProp(toResolver(valueOrFn), { merge: DEFAULT_MERGE });
}

/** Resolved once and remembered by the client; later visits skip it while the client has a fresh copy. */
export function once<T>(fn: Resolver<T>, options: OnceOptions = {}): InertiaProp<T> {
  return createProp(fn, { once: toOnceSpec(options) });
}

/**
 * One page of an infinite-scroll list. The client appends (or, when scrolling
 * up, prepends) the items under `wrapper` and reads the pagination from
 * `scrollProps`.
 */
export function scroll<T>(fn: Resolver<T>, options: ScrollOptions | LazyScrollOptions): InertiaProp<T> {
  const wrapper = options.wrapper ?? 'data';
  const pagination = 'pagination' in options ? options.pagination : () => scrollPagination(options);
  return createProp(fn, { merge: { mode: 'append', at: wrapper, matchOn: [] }, scroll: pagination });
}

function scrollPagination({ pageName, currentPage, previousPage, nextPage }: ScrollPagination): ScrollPagination {
  return { pageName, currentPage, previousPage, nextPage };
}

/** What may be given for a prop of type T: the value, a lazy function, a wrapped prop, or an object of those. */
export type PropInput<T> = T | Resolver<T> | InertiaProp<T> | NestedPropInputs<T>;

type NestedPropInputs<T> = T extends readonly unknown[] ? never : T extends object ? { [K in keyof T]: PropInput<T[K]> } : never;

/** The props argument for a page whose props are P: every key of P, each given as a PropInput. */
export type InertiaPropsFor<P> = { [K in keyof P]: PropInput<P[K]> };
