import type { ValidationErrors } from '../../shared/props';

/**
 * Lines of the 'Current Page Errors' list as `key: message`. Error bags nest one level
 * (`{bag: {field: message}}`) and a field may carry several messages.
 */
export function pageErrorLines(errors: ValidationErrors | Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) return value.map((message) => `${name}: ${String(message)}`);
    if (value !== null && typeof value === 'object') return pageErrorLines(value as Record<string, unknown>, name);
    return [`${name}: ${String(value)}`];
  });
}
