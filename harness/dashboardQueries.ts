import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The committed Grafana dashboard (docs/operations.md#dashboard). */
export const DASHBOARD_PATH = path.resolve(__dirname, '../deploy/grafana/folio-dashboard.json');

/** One query of one panel, as Prometheus would be sent it. */
export interface DashboardQuery {
  panelTitle: string;
  expr: string;
}

/** What is read of a Grafana panel: its targets, and a row's panels (a collapsed row holds them). */
export interface DashboardPanel {
  type?: string;
  title?: string;
  targets?: { expr?: string }[];
  panels?: DashboardPanel[];
}

interface TemplateVariable {
  name: string;
  type: string;
  allValue?: string | null;
  current?: { value?: string | string[] };
  query?: unknown;
}

export interface Dashboard {
  panels?: DashboardPanel[];
  templating?: { list?: TemplateVariable[] };
}

/** Grafana's interval variables, each standing for one minute here. */
const INTERVALS = ['__rate_interval', '__interval', '__range'];
const ONE_MINUTE = '1m';

export function readDashboard(file: string = DASHBOARD_PATH): Dashboard {
  return JSON.parse(readFileSync(file, 'utf8')) as Dashboard;
}

/** Every panel that is not a row, rows' own panels included, in the dashboard's order. */
export function dashboardPanels(dashboard: Dashboard = readDashboard()): DashboardPanel[] {
  const found: DashboardPanel[] = [];
  const visit = (panels: DashboardPanel[] | undefined) => {
    for (const panel of panels ?? []) {
      if (panel.type === 'row') visit(panel.panels);
      else found.push(panel);
    }
  };
  visit(dashboard.panels);
  return found;
}

/** What a variable stands for in a query: its current value, `.*` (or its own) for All. */
function valueOf(variable: TemplateVariable): string {
  const current = variable.current?.value;
  const values = Array.isArray(current) ? current : current === undefined ? [] : [current];
  if (values.length === 0 || values.includes('$__all')) return variable.allValue || '.*';
  return values.length === 1 ? values[0]! : `(${values.join('|')})`;
}

/**
 * Every panel's PromQL queries as Prometheus's HTTP API takes them
 * (`/api/v1/query`): `$__rate_interval`, `$__interval` and `$__range` become
 * `1m`, the dashboard's own variables their current values (`.*` for All),
 * and the datasource variable, which names no query's part, is left aside.
 * A panel without an `expr` is not listed (the rules' test checks each has one).
 */
export function dashboardQueries(dashboard: Dashboard = readDashboard()): DashboardQuery[] {
  const substitutions = new Map<string, string>(INTERVALS.map((name) => [name, ONE_MINUTE]));
  for (const variable of dashboard.templating?.list ?? []) {
    if (variable.type !== 'datasource') substitutions.set(variable.name, valueOf(variable));
  }
  // $name, ${name}, ${name:format} and [[name]]: longest names first, so `$__interval` is not
  // read as a variable named `__i…`.
  const names = [...substitutions.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    names
      .map((name) => {
        const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return `\\$\\{${escaped}(?::[^}]*)?\\}|\\[\\[${escaped}\\]\\]|\\$${escaped}(?![A-Za-z0-9_])`;
      })
      .join('|'),
    'g',
  );
  const substitute = (expr: string) =>
    expr.replace(pattern, (match) => {
      const name = match.replace(/^\$\{|^\[\[|^\$|(?::[^}]*)?\}$|\]\]$/g, '');
      return substitutions.get(name) ?? match;
    });
  return dashboardPanels(dashboard).flatMap((panel) =>
    (panel.targets ?? [])
      .filter((target) => typeof target.expr === 'string' && target.expr.trim() !== '')
      .map((target) => ({ panelTitle: panel.title ?? '', expr: substitute(target.expr!) })),
  );
}
