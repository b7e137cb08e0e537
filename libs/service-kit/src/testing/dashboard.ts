import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The operator's Grafana dashboard, deploy/grafana (from src/testing and dist/testing alike). */
export const dashboardFile = path.resolve(__dirname, '..', '..', '..', '..', 'deploy', 'grafana', 'thunderprep-dashboard.json');

/**
 * The series the dashboard's queries read: each name right before a label selector or a range
 * (`http_server_request_duration_seconds_count{`, `events_outbox_backlog[`). A test scrapes a
 * process and expects them, so a renamed metric cannot leave an empty panel.
 */
export function dashboardSeries(): string[] {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as { panels: Array<{ targets?: Array<{ expr: string }> }> };
  const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
  return [...new Set(exprs.flatMap((expr) => [...expr.matchAll(/([a-z_][a-z0-9_]*)(?=\{|\[)/g)].map(([, name]) => name)))];
}

/** The operator's Prometheus alert rules, deploy/prometheus. */
const alertRulesFile = path.resolve(__dirname, '..', '..', '..', '..', 'deploy', 'prometheus', 'alert-rules.yml');

/** The series the alert rules read: a test expects a service to serve them, so a renamed metric cannot silence an alert. */
export function alertRuleSeries(): string[] {
  const rules = readFileSync(alertRulesFile, 'utf8');
  return [...new Set([...rules.matchAll(/\b((?:events|http|gateway|db)_[a-z0-9_]+)/g)].map(([, name]) => name))];
}
