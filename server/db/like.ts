/** LIKE treats % and _ as wildcards and \ as the escape; a search for them must match them literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
