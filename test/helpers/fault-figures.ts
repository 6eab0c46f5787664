import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isLoadKind } from './mixed-load';
import { type Exchange, is2xx } from './traffic';

/** Seconds, 'never' when it did not happen within the scenario, null when it does not apply. */
export type Seconds = number | 'never' | null;

/** One scenario's figures, for the table in the test output and docs/reliability.md. */
export interface ScenarioFigures {
  scenario: string;
  outageSeconds: number | null;
  /** Load requests (not the harness's own readiness polls, set-up and read-backs). */
  requests: number;
  ok2xx: number;
  status503: number;
  status500: number;
  otherStatuses: Record<string, number>;
  networkErrors: number;
  /** From the dependency being back to the first /ready 200. */
  readyRecovery: Seconds;
  /** From the dependency being back until every route it had failed has answered 2xx again. */
  routesRecovery: Seconds;
  activityRowsExpected: number;
  activityRowsStored: number;
  activityRowsLost: number;
  /** Log lines at warn and at error or fatal, all processes. */
  warnLogLines: number;
  errorLogLines: number;
  /** Figures only this scenario has (e.g. the gateway's exit). */
  extra: Record<string, number | string | null>;
}

/** Milliseconds as seconds with two decimals. */
export const seconds = (ms: number): number => Math.round(ms / 10) / 100;

export function loadFigures(
  exchanges: Exchange[],
): Pick<ScenarioFigures, 'requests' | 'ok2xx' | 'status503' | 'status500' | 'otherStatuses' | 'networkErrors'> {
  const figures = { requests: 0, ok2xx: 0, status503: 0, status500: 0, otherStatuses: {} as Record<string, number>, networkErrors: 0 };
  for (const exchange of exchanges) {
    if (!isLoadKind(exchange.kind)) continue;
    figures.requests += 1;
    if (exchange.status === undefined) figures.networkErrors += 1;
    else if (is2xx(exchange)) figures.ok2xx += 1;
    else if (exchange.status === 503) figures.status503 += 1;
    else if (exchange.status === 500) figures.status500 += 1;
    else figures.otherStatuses[exchange.status] = (figures.otherStatuses[exchange.status] ?? 0) + 1;
  }
  return figures;
}

/** The first /ready 200 asked for once the dependency was back. */
export function readyRecovery(exchanges: Exchange[], backAt: number): Seconds {
  const first = exchanges.find((exchange) => exchange.kind === 'ready' && exchange.sentAt >= backAt && exchange.status === 200);
  return first ? seconds(first.answeredAt - backAt) : 'never';
}

/**
 * The routes the fault hurt (a load kind with a failed answer while it
 * lasted) and how long after the dependency was back the last of them
 * answered 2xx again; null when no route was hurt.
 */
export function routesRecovery(exchanges: Exchange[], faultAt: number, backAt: number): Seconds {
  const hurt = new Set(
    exchanges.filter((e) => isLoadKind(e.kind) && !is2xx(e) && e.answeredAt >= faultAt && e.answeredAt <= backAt).map((e) => e.kind),
  );
  if (hurt.size === 0) return null;
  let latest = backAt;
  for (const kind of hurt) {
    const first = exchanges.find((e) => e.kind === kind && is2xx(e) && e.answeredAt >= backAt);
    if (!first) return 'never';
    latest = Math.max(latest, first.answeredAt);
  }
  return seconds(latest - backAt);
}

const show = (value: unknown): string => {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? '0' : entries.map(([key, count]) => `${key}: ${String(count)}`).join(', ');
  }
  return String(value);
};

const ROWS: Array<[string, (figures: ScenarioFigures) => unknown]> = [
  ['outage (s)', (f) => f.outageSeconds],
  ['requests', (f) => f.requests],
  ['2xx', (f) => f.ok2xx],
  ['503', (f) => f.status503],
  ['500', (f) => f.status500],
  ['other statuses', (f) => f.otherStatuses],
  ['network errors', (f) => f.networkErrors],
  ['recovery to /ready 200 (s)', (f) => f.readyRecovery],
  ['recovery to 2xx on hurt routes (s)', (f) => f.routesRecovery],
  ['activity rows expected', (f) => f.activityRowsExpected],
  ['activity rows stored', (f) => f.activityRowsStored],
  ['activity rows lost', (f) => f.activityRowsLost],
  ['warn log lines', (f) => f.warnLogLines],
  ['error log lines', (f) => f.errorLogLines],
];

/** A Markdown table: one column per scenario, one row per figure (the extras last). */
export function figuresTable(scenarios: ScenarioFigures[]): string {
  const extraNames = [...new Set(scenarios.flatMap((s) => Object.keys(s.extra)))];
  const rows: Array<[string, (figures: ScenarioFigures) => unknown]> = [
    ...ROWS,
    ...extraNames.map((name): [string, (f: ScenarioFigures) => unknown] => [name, (f) => f.extra[name]]),
  ];
  const lines = [`| figure | ${scenarios.map((s) => s.scenario).join(' | ')} |`, `|---|${scenarios.map(() => '---|').join('')}`];
  for (const [name, read] of rows) lines.push(`| ${name} | ${scenarios.map((s) => show(read(s))).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * Writes the run's figures as JSON (to FAULT_FIGURES_FILE, else into
 * `defaultDir`) with the settings they were measured under; returns the path.
 */
export async function writeFigures(scenarios: ScenarioFigures[], settings: Record<string, unknown>, defaultDir: string): Promise<string> {
  const file = process.env.FAULT_FIGURES_FILE ?? path.join(defaultDir, 'fault-figures.json');
  const run = { ranAt: new Date().toISOString(), machine: { cpus: os.availableParallelism(), node: process.version }, settings, scenarios };
  await writeFile(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}
