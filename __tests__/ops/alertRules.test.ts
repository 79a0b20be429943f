/**
 * What operators are given (docs/operations.md#observing-folio) holds together:
 * the alert rules load and pass their promtool unit tests (each alert fires in
 * one case and stays quiet in another), the example Prometheus configuration
 * loads, every dashboard panel has a query that parses, every runbook link
 * lands on a section, and every metric and label the rules and the dashboard
 * name is one api/observability/metrics.ts (or prom-client's default metrics)
 * defines, so a renamed metric or label fails here, not on an operator's
 * silent dashboard. The metrics table in the docs names every metric with its
 * labels.
 *
 * promtool is Debian's (`scripts/ci-prometheus.sh`, FOLIO_PROMTOOL); without it
 * the promtool tests fail saying so, never skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { parse } from 'yaml';
import { metricsRegistry } from '../../api/observability/metrics';
import {
  dashboardPanels,
  dashboardQueries,
  readDashboard,
  type Dashboard,
} from '../../harness/dashboardQueries';

const ROOT = path.resolve(__dirname, '../..');
const RULES = 'deploy/prometheus/folio-alerts.yml';
const RULE_TESTS = 'deploy/prometheus/folio-alerts.test.yml';
const CONFIG = 'deploy/prometheus/prometheus.yml';
const OPERATIONS = path.join(ROOT, 'docs/operations.md');

const PROMTOOL = process.env.FOLIO_PROMTOOL || '/usr/bin/promtool';

function promtool(...args: string[]): { status: number | null; output: string } {
  if (!existsSync(PROMTOOL))
    throw new Error(
      `promtool is not installed at ${PROMTOOL}: run \`bash scripts/ci-prometheus.sh\` (Debian's prometheus package brings it), or set FOLIO_PROMTOOL.`,
    );
  const run = spawnSync(PROMTOOL, args, { cwd: ROOT, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

interface AlertRule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleTest {
  alert_rule_test?: { alertname: string; exp_alerts?: unknown[] | null }[];
}

const ruleGroups = (
  parse(readFileSync(path.join(ROOT, RULES), 'utf8')) as { groups: { rules: AlertRule[] }[] }
).groups;
const rules = ruleGroups.flatMap((group) => group.rules);
const alerts = rules.filter((rule) => rule.alert);
const ruleTests = (
  parse(readFileSync(path.join(ROOT, RULE_TESTS), 'utf8')) as { tests: RuleTest[] }
).tests;
const dashboard: Dashboard = readDashboard();
const queries = dashboardQueries(dashboard);

/** A metric as the rules and the dashboard may name it: its labels. */
interface KnownMetric {
  labels: Set<string>;
}
/** Every name a metric is queried by (a histogram's `_bucket`, `_sum` and `_count`), with its labels. */
async function knownMetrics(registry: Registry): Promise<Map<string, KnownMetric>> {
  const labelsOf = new Map(
    registry
      .getMetricsAsArray()
      .map((metric) => [
        metric.name,
        new Set((metric as { labelNames?: readonly string[] }).labelNames ?? []),
      ]),
  );
  const known = new Map<string, KnownMetric>();
  for (const metric of await registry.getMetricsAsJSON()) {
    const labels = labelsOf.get(metric.name) ?? new Set<string>();
    if (String(metric.type) === 'histogram') {
      known.set(`${metric.name}_bucket`, { labels: new Set([...labels, 'le']) });
      known.set(`${metric.name}_sum`, { labels });
      known.set(`${metric.name}_count`, { labels });
    } else {
      known.set(metric.name, { labels });
    }
  }
  return known;
}

/** Metric names of Folio's own and of the Node process (the rest are exporters' and Prometheus's). */
const CHECKED_NAME = /\b(?:folio|http_server|nodejs|process)_[a-zA-Z0-9_]+/g;
/** Labels every scraped series has, whatever its metric. */
const TARGET_LABELS = ['job', 'instance'];

/** Where each query is, for messages: `rule FolioDown` or `panel "Requests by route"`. */
const everyExpression = [
  ...rules.map((rule) => ({ where: `rule ${rule.alert ?? rule.record}`, expr: rule.expr })),
  ...queries.map((query) => ({ where: `panel "${query.panelTitle}"`, expr: query.expr })),
];

/** The label names an expression matches on (`{a="x"}`) and groups by (`by (a, b)`), string values left out. */
function labelsUsed(expr: string): { matchers: Map<string, Set<string>>; grouping: string[] } {
  const bare = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const matchers = new Map<string, Set<string>>();
  for (const [, name, inside] of bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g)) {
    const names = matchers.get(name!) ?? new Set<string>();
    for (const [, label] of inside!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g))
      names.add(label!);
    matchers.set(name!, names);
  }
  const grouping = [...bare.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
  return { matchers, grouping };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('deploy/prometheus: the alert rules', () => {
  it('load in promtool', () => {
    const { status, output } = promtool('check', 'rules', RULES);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
    expect(output).toContain(`${rules.length} rules found`);
  });

  it('pass their unit tests (folio-alerts.test.yml)', () => {
    const { status, output } = promtool('test', 'rules', RULE_TESTS);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('each has a unit test where it fires and one where it does not', () => {
    const cases = ruleTests.flatMap((test) => test.alert_rule_test ?? []);
    const untested = alerts.flatMap(({ alert }) => {
      const own = cases.filter((test) => test.alertname === alert);
      return [
        ...(own.some((test) => (test.exp_alerts ?? []).length > 0) ? [] : [`${alert}: fires`]),
        ...(own.some((test) => (test.exp_alerts ?? []).length === 0) ? [] : [`${alert}: quiet`]),
      ];
    });
    expect(untested).toEqual([]);
  });

  it('each says how bad, what happened and where its runbook is, a section of docs/operations.md', () => {
    const docs = readFileSync(OPERATIONS, 'utf8');
    const anchors = new Set(
      [...docs.matchAll(/^#{2,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)),
    );
    const wanting = alerts.flatMap((rule) => {
      const problems: string[] = [];
      if (!['critical', 'warning'].includes(rule.labels?.severity ?? ''))
        problems.push('severity is critical or warning');
      for (const annotation of ['summary', 'description', 'runbook_url'])
        if (!rule.annotations?.[annotation]) problems.push(`an annotation ${annotation}`);
      const runbook = /^docs\/operations\.md#(.+)$/.exec(rule.annotations?.runbook_url ?? '');
      if (!runbook || !anchors.has(runbook[1]!))
        problems.push(
          `runbook_url ${rule.annotations?.runbook_url} is a heading in docs/operations.md`,
        );
      return problems.map((problem) => `${rule.alert}: ${problem}`);
    });
    expect(wanting).toEqual([]);
  });
});

describe('deploy/prometheus/prometheus.yml', () => {
  it('loads in promtool, with the alert rules beside it', () => {
    const { status, output } = promtool('check', 'config', CONFIG);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
    expect(output).toContain(`${rules.length} rules found`);
  });
});

describe('deploy/grafana/folio-dashboard.json', () => {
  it('chooses its Prometheus by a datasource variable', () => {
    const variables = dashboard.templating?.list ?? [];
    expect(variables).toContainEqual(expect.objectContaining({ type: 'datasource' }));
  });

  it('has a query in every panel', () => {
    const panels = dashboardPanels(dashboard);
    expect(panels.length).toBeGreaterThan(20);
    const empty = panels
      .filter(
        (panel) =>
          !panel.targets?.length ||
          panel.targets.some((target) => typeof target.expr !== 'string' || !target.expr.trim()),
      )
      .map((panel) => panel.title);
    expect(empty).toEqual([]);
  });

  it('has only queries Prometheus parses (promtool, as recording rules)', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'folio-dashboard-rules-'));
    try {
      const file = path.join(folder, 'dashboard-queries.yml');
      // JSON is YAML.
      writeFileSync(
        file,
        JSON.stringify({
          groups: [
            {
              name: 'dashboard',
              rules: queries.map((query, index) => ({
                record: `dashboard:query_${index}`,
                expr: query.expr,
              })),
            },
          ],
        }),
      );
      const { status, output } = promtool('check', 'rules', file);
      const named = output.replace(/dashboard:query_(\d+)/g, (_, index: string) => {
        const query = queries[Number(index)]!;
        return `panel "${query.panelTitle}": ${query.expr}`;
      });
      expect({ status, output: named }).toEqual({
        status: 0,
        output: expect.stringContaining(`SUCCESS: ${queries.length} rules found`),
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the metrics the rules and the dashboard name', () => {
  let known: Map<string, KnownMetric>;
  beforeAll(async () => {
    known = await knownMetrics(metricsRegistry);
    // prom-client's default metrics, in a registry of their own (Folio turns them on in its own).
    const defaults = new Registry();
    collectDefaultMetrics({ register: defaults });
    for (const [name, metric] of await knownMetrics(defaults)) known.set(name, metric);
  });

  it('are defined in api/observability/metrics.ts or by prom-client', () => {
    const unknown = everyExpression.flatMap(({ where, expr }) =>
      [...new Set(expr.match(CHECKED_NAME) ?? [])]
        .filter((name) => !known.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // The check reads the rules and the dashboard at all.
    expect(
      everyExpression.some(({ expr }) => expr.includes('folio_change_propagation_seconds_bucket')),
    ).toBe(true);
  });

  it('are matched and grouped by labels they have', () => {
    const wrong = everyExpression.flatMap(({ where, expr }) => {
      const { matchers, grouping } = labelsUsed(expr);
      const problems: string[] = [];
      const names = [...new Set(expr.match(CHECKED_NAME) ?? [])];
      for (const [name, labels] of matchers) {
        const metric = known.get(name);
        if (!metric) continue;
        for (const label of labels)
          if (!metric.labels.has(label) && !TARGET_LABELS.includes(label))
            problems.push(`${where}: ${name} has no label ${label}`);
      }
      // Grouping is checked where every metric of the expression is known.
      if (
        names.length > 0 &&
        names.every((name) => known.has(name)) &&
        !/\b(?:pg|varnish)_/.test(expr)
      ) {
        const labels = new Set([
          ...TARGET_LABELS,
          ...names.flatMap((name) => [...known.get(name)!.labels]),
        ]);
        for (const label of grouping)
          if (!labels.has(label)) problems.push(`${where}: no metric of it has a label ${label}`);
      }
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});

describe('docs/operations.md#metrics', () => {
  it('has a row for every metric of api/observability/metrics.ts, with its labels', async () => {
    const docs = readFileSync(OPERATIONS, 'utf8');
    const start = docs.indexOf('\n### Metrics\n', docs.indexOf('\n## Observing Folio\n'));
    expect(start).toBeGreaterThan(0);
    const section = docs.slice(start, docs.indexOf('\n### ', start + 5));
    const rows = new Map(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => {
          const [name, , labels] = line.split(' | ');
          return [
            name!.replace(/^\| `|`$/g, ''),
            [...(labels ?? '').matchAll(/`([^`]+)`/g)].map(([, label]) => label!).sort(),
          ] as const;
        }),
    );
    const defined = metricsRegistry.getMetricsAsArray().map((metric) => ({
      name: metric.name,
      labels: [...((metric as { labelNames?: readonly string[] }).labelNames ?? [])].sort(),
    }));
    expect(defined.length).toBeGreaterThan(10);
    expect(defined.map(({ name }) => [name, rows.get(name) ?? 'no row'])).toEqual(
      defined.map(({ name, labels }) => [name, labels]),
    );
    expect(
      [...rows.keys()].filter((name) => !defined.some((metric) => metric.name === name)),
    ).toEqual([]);
  });
});
