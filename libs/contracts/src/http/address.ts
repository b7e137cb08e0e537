// An endpoint's address from its path and a call's values: what a caller needs, without the
// declarations' schemas (so the web's start does not load zod for it).

/** `/api/x/:id` with {id: 'a b'} → `/api/x/a%20b`. */
export function endpointPath(spec: { readonly path: string }, params: Record<string, unknown> = {}): string {
  return spec.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(String(value));
  });
}

/** Query values as a query string; arrays repeat the key (OR within a filter group). */
export function endpointQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path's parameter names, in order. */
export const pathParameterNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
