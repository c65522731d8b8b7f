/**
 * How deep JSON text nests, counted without parsing it: `[` and `{` outside strings open a level. Text that is
 * not JSON is scanned the same way (a bracket inside quotes does not count), which is all a guard needs.
 *
 * Deep nesting is an attack, never data: PGlite's WebAssembly stack overflows on a jsonb nested about ten
 * thousand deep (the query fails with "bad buffer ID: 0" and the engine is left in doubt), PostgreSQL refuses
 * a hundred thousand with "stack depth limit exceeded", and JSON.stringify throws a RangeError on it.
 */
export function jsonNestingDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return deepest;
}

/** The deepest JSON a request body may nest; real clients stay under ten. */
export const MAX_JSON_NESTING = 256;

/** Whether the text nests deeper than `max` (stops scanning as soon as it does). */
export function nestsDeeperThan(text: string, max = MAX_JSON_NESTING): boolean {
  return text.length > max && jsonNestingDepth(text, max) > max;
}
