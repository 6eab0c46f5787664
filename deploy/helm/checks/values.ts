/** Helm's values semantics, for tests that build values in code. */
export type Values = Record<string, unknown>;

const isMap = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** User values over defaults, as helm coalesces them: maps merge, anything else replaces, null removes the key. */
export function mergeValues(base: unknown, over: unknown): unknown {
  if (!isMap(base) || !isMap(over)) return over === undefined ? base : over;
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null) delete merged[key];
    else merged[key] = mergeValues(base[key], value);
  }
  return merged;
}
