import type { Figure, SectionReport } from './section.js';

/** How every section ended, for the table and the closing JSON line. */
export type SectionOutcome =
  | { name: string; status: 'ok'; report: SectionReport; seconds: number }
  | { name: string; status: 'failed'; error: string; report?: SectionReport | undefined; seconds: number };

function formatValue(value: Figure['value']): string {
  if (typeof value !== 'number') return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  return value.toLocaleString('en-US', { maximumFractionDigits: abs >= 100 ? 0 : abs >= 1 ? 2 : 3 });
}

/** A plain-text table: figure, value with unit, goal and PASS/FAIL where the figure has a goal. */
export function renderTable(report: SectionReport): string {
  const rows = report.figures.map((f) => [
    f.label,
    `${formatValue(f.value)}${f.unit ? ` ${f.unit}` : ''}`,
    f.goal?.target ?? '',
    f.goal ? (f.goal.pass ? 'PASS' : 'FAIL') : '',
  ]);
  const header = ['figure', 'value', 'goal', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printOutcome(outcome: SectionOutcome): void {
  const out: string[] = ['', `== ${outcome.name} (${outcome.seconds.toFixed(0)} s) ==`];
  if (outcome.report) {
    out.push(renderTable(outcome.report));
    for (const note of outcome.report.notes) out.push(`  note: ${note}`);
  }
  if (outcome.status === 'failed') out.push(`FAILED: ${outcome.error}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

/** Sets `a.b.c` in a nested object. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] as string] = value;
}

/** One section's figures as nested JSON, with its goals listed beside them by key. */
function sectionJson(outcome: SectionOutcome): Record<string, unknown> {
  const json: Record<string, unknown> = { status: outcome.status, seconds: Math.round(outcome.seconds) };
  if (outcome.status === 'failed') json.error = outcome.error;
  const goals: Record<string, unknown> = {};
  for (const f of outcome.report?.figures ?? []) {
    setPath(json, f.key, f.value);
    if (f.goal) goals[f.key] = { target: f.goal.target, actual: f.value, pass: f.goal.pass };
  }
  json.goals = goals;
  if (outcome.report?.notes.length) json.notes = outcome.report.notes;
  return json;
}

/**
 * The machine-readable record, one line prefixed `BENCH_JSON ` so a later script can grep it out of
 * the output and compare runs.
 */
export function benchJsonLine(outcomes: SectionOutcome[], meta: Record<string, unknown>): string {
  const sections: Record<string, unknown> = {};
  for (const o of outcomes) sections[o.name] = sectionJson(o);
  const goals = outcomes.flatMap((o) => (o.report?.figures ?? []).filter((f) => f.goal));
  return `BENCH_JSON ${JSON.stringify({
    ...meta,
    ok: outcomes.every((o) => o.status === 'ok'),
    goals_met: goals.filter((f) => f.goal?.pass).length,
    goals_total: goals.length,
    sections,
  })}`;
}

/** The closing note: each goal with PASS/FAIL in one place. */
export function goalSummary(outcomes: SectionOutcome[]): string {
  const lines = outcomes.flatMap((o) =>
    (o.report?.figures ?? [])
      .filter((f) => f.goal)
      .map((f) => `  ${f.goal?.pass ? 'PASS' : 'FAIL'}  ${o.name}: ${f.label} = ${formatValue(f.value)}${f.unit ? ` ${f.unit}` : ''} (goal ${f.goal?.target})`),
  );
  return lines.length ? `\nGoals (targets, not gates):\n${lines.join('\n')}` : '';
}
