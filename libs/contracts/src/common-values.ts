/** The contract's bounds and the coercions of typed input, apart from the schema helpers (common.ts): no zod. */

/** Bounds of the contract page: over a bound is a 400, never a silent truncation. */
export const limits = {
  titleMax: 200,
  textMax: 5000,
  listMax: 20,
  bodyBytesMax: 100 * 1024,
} as const;

/** Form inputs arrive as strings: empty or whitespace-only means "not given". */
export const emptyToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

/** Numbers typed into inputs arrive as strings; "" is null, anything else is converted. */
export const toNumberOrNull = (value: unknown) => {
  const v = emptyToNull(value);
  if (v === null) return null;
  return typeof v === 'string' ? Number(v) : v;
};
