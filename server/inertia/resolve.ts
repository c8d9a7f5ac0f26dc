import { InertiaProp, type MergeSpec, type OnceSpec, type PropSpec, type ScrollPagination } from './props';
import type { Visit } from './visit';

export interface ScrollPropMetadata extends ScrollPagination {
  reset: boolean;
}

export interface OncePropMetadata {
  prop: string;
  expiresAt: number | null;
}

/** The page-object fields that describe how the client treats the props. */
export interface PropsMetadata {
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
  scrollProps?: Record<string, ScrollPropMetadata>;
  deferredProps?: Record<string, string[]>;
  onceProps?: Record<string, OncePropMetadata>;
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  metadata: PropsMetadata;
}

/**
 * Evaluates the props the visit needs, in one walk that also collects the
 * metadata. Props are addressed by dot paths: plain objects (given directly
 * or returned by a lazy function) are walked so partial reloads can pick
 * nested keys; the value of a wrapped prop is sent whole. A partial reload
 * that leaves out an object leaves out everything inside it, `always` props
 * included: `always` holds at the level where the prop sits.
 */
export async function resolveProps(props: Record<string, unknown>, visit: Visit): Promise<ResolvedProps> {
  const walk = new PropsWalk(visit);
  const resolved = await walk.object(props, '');
  return { props: resolved, metadata: walk.metadata() };
}

const OMITTED = Symbol('omitted');

class PropsWalk {
  private readonly mergeProps: string[] = [];
  private readonly prependProps: string[] = [];
  private readonly deepMergeProps: string[] = [];
  private readonly matchPropsOn: string[] = [];
  private readonly scrollProps: Record<string, ScrollPropMetadata> = {};
  private readonly deferredProps: Record<string, string[]> = {};
  private readonly onceProps: Record<string, OncePropMetadata> = {};

  constructor(private readonly visit: Visit) {}

  async object(source: object, prefix: string): Promise<Record<string, unknown>> {
    // Siblings resolve concurrently; metadata is recorded before each prop's first await, so it keeps prop order.
    const entries = await Promise.all(Object.entries(source).map(async ([key, value]) => [key, await this.entry(value, joinPath(prefix, key))] as const));
    return Object.fromEntries(entries.filter(([, value]) => value !== OMITTED));
  }

  metadata(): PropsMetadata {
    return {
      ...nonEmptyField('mergeProps', this.mergeProps),
      ...nonEmptyField('prependProps', this.prependProps),
      ...nonEmptyField('deepMergeProps', this.deepMergeProps),
      ...nonEmptyField('matchPropsOn', this.matchPropsOn),
      ...nonEmptyField('scrollProps', this.scrollProps),
      ...nonEmptyField('deferredProps', this.deferredProps),
      ...nonEmptyField('onceProps', this.onceProps),
    };
  }

  private async entry(value: unknown, path: string): Promise<unknown> {
    if (value instanceof InertiaProp) return this.wrapped(value.spec, path);
    if (this.excludedByPartial(path)) return OMITTED;
    if (typeof value === 'function') return this.entry(await value(), path);
    if (isPlainObject(value) && Object.keys(value).length > 0) return this.needsWalk(value, path) ? this.nestedObject(value, path) : value;
    return value;
  }

  /**
   * Plain data with nothing lazy or wrapped inside, and no partial-reload key reaching into it, goes out as it is:
   * walking it would only copy it (an item page's `item` has dozens of keys, each an awaited promise).
   */
  private needsWalk(value: Record<string, unknown>, path: string): boolean {
    if (holdsLazyValue(value)) return true;
    if (!this.visit.partial) return false;
    const { only, except } = this.visit;
    return only.some((key) => isWithin(key, path)) || except.some((key) => isWithin(key, path));
  }

  private async nestedObject(value: object, path: string): Promise<unknown> {
    const nested = await this.object(value, path);
    return Object.keys(nested).length > 0 ? nested : OMITTED;
  }

  private async wrapped(spec: PropSpec<unknown>, path: string): Promise<unknown> {
    const knownByClient = this.clientHasOnceProp(spec, path);
    if (spec.loading === 'deferred' && !this.visit.partial && !knownByClient) this.recordDeferred(spec.group, path);
    if (spec.once && !this.excludedByPartial(path)) this.recordOnce(spec.once, path);
    if (!this.includes(spec, path, knownByClient)) return OMITTED;
    await this.recordMerge(spec, path);
    return spec.resolve();
  }

  private includes(spec: PropSpec<unknown>, path: string, knownByClient: boolean): boolean {
    if (spec.loading === 'always') return true;
    if (knownByClient || this.excludedByPartial(path)) return false;
    return this.visit.partial || spec.loading === 'eager';
  }

  /** The client still holds a fresh copy of this once-prop; partial reloads ask for it on purpose, so they get it. */
  private clientHasOnceProp(spec: PropSpec<unknown>, path: string): boolean {
    return spec.once !== null && !this.visit.partial && this.visit.exceptOnce.has(spec.once.key ?? path);
  }

  private excludedByPartial(path: string): boolean {
    if (!this.visit.partial) return false;
    const { only, except } = this.visit;
    if (only.length > 0 && !only.some((key) => key === path || isWithin(path, key) || isWithin(key, path))) return true;
    return except.some((key) => key === path || isWithin(path, key));
  }

  private recordDeferred(group: string, path: string): void {
    (this.deferredProps[group] ??= []).push(path);
  }

  private recordOnce(once: OnceSpec, path: string): void {
    this.onceProps[once.key ?? path] = { prop: path, expiresAt: once.expiresAt };
  }

  private async recordMerge(spec: PropSpec<unknown>, path: string): Promise<void> {
    const resetRequested = this.visit.reset.has(path);
    if (spec.scroll) this.scrollProps[path] = { ...(await spec.scroll()), reset: resetRequested };
    if (!spec.merge || resetRequested) return;
    const mode = spec.scroll ? this.visit.mergeIntent : spec.merge.mode;
    this.mergeListFor(mode).push(spec.merge.at ? joinPath(path, spec.merge.at) : path);
    this.matchPropsOn.push(...spec.merge.matchOn.map((key) => joinPath(path, key)));
  }

  private mergeListFor(mode: MergeSpec['mode']): string[] {
    if (mode === 'prepend') return this.prependProps;
    if (mode === 'deep') return this.deepMergeProps;
    return this.mergeProps;
  }
}

function joinPath(prefix: string, key: string): string {
  return prefix === '' ? key : `${prefix}.${key}`;
}

/** Whether `path` lies strictly inside `ancestor`. */
function isWithin(path: string, ancestor: string): boolean {
  return path.startsWith(`${ancestor}.`);
}

/** Whether a function or a wrapped prop sits in this object or a plain object inside it (arrays are sent whole). */
function holdsLazyValue(value: Record<string, unknown>): boolean {
  return Object.values(value).some((inner) => typeof inner === 'function' || inner instanceof InertiaProp || (isPlainObject(inner) && holdsLazyValue(inner)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function nonEmptyField<K extends keyof PropsMetadata>(name: K, value: NonNullable<PropsMetadata[K]>): Partial<PropsMetadata> {
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  return empty ? {} : { [name]: value };
}
