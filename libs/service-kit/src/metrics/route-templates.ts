const parameterSegment = /:[A-Za-z_][A-Za-z0-9_]*/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a path that matches no route is counted and traced as: one series for all of them. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template a request path belongs to (`/api/candidate-interviews/:id` for
 * `/api/candidate-interviews/42`): span names and metric labels use it, so a series counts a route
 * and not each id. Built once from Express-style paths; fixed paths are one map lookup, paths with
 * parameters a few anchored patterns, fewest parameters first (a fixed segment beats a parameter).
 */
export class RouteTemplates {
  private readonly fixed = new Map<string, string>();
  private readonly patterns: Array<{ pattern: RegExp; template: string }> = [];

  constructor(paths: Iterable<string>) {
    const withParameters: string[] = [];
    for (const path of new Set(paths)) {
      if (path.includes(':')) withParameters.push(path);
      else this.fixed.set(path, path);
    }
    const parameters = (path: string) => path.match(parameterSegment)?.length ?? 0;
    for (const template of withParameters.sort((a, b) => parameters(a) - parameters(b))) {
      this.patterns.push({ pattern: new RegExp(`^${template.split(parameterSegment).map(escapeRegExp).join('[^/]+')}$`), template });
    }
  }

  /** The template of `pathname` (no query string; a trailing slash is ignored, as Express does), else UNMATCHED_ROUTE. */
  resolve(pathname: string): string {
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const fixed = this.fixed.get(path);
    if (fixed !== undefined) return fixed;
    for (const { pattern, template } of this.patterns) if (pattern.test(path)) return template;
    return UNMATCHED_ROUTE;
  }
}
