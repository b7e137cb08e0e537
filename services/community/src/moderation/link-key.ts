/** Query parameters that only say where a click came from; the same posting with or without them is one link. */
const trackingParameters = new Set([
  'gclid',
  'fbclid',
  'msclkid',
  'dclid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'ref',
  'ref_src',
  'gh_src',
  'lever-source',
  'lever-origin',
]);
const isTracking = (name: string) => name.toLowerCase().startsWith('utm_') || trackingParameters.has(name.toLowerCase());

/**
 * The key two shares of one opportunity have in common: no scheme (http and https are the same
 * posting), host lower-cased without a default port, no trailing slash, no tracking parameters,
 * the other parameters sorted. Path, parameter values and fragment keep their case: they can name
 * different postings.
 */
export function linkKey(link: string): string {
  const url = new URL(link);
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams].filter(([name]) => !isTracking(name)).sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const fragment = url.hash.length > 1 ? url.hash : '';
  return `${url.host}${path}${query}${fragment}`;
}
