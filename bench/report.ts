import type { Figure, ReportColumn, SectionReport } from './section.js';

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

const withUnit = (f: Figure) => `${formatValue(f.value)}${f.unit ? ` ${f.unit}` : ''}`;

/** Lines of a table whose columns `valueColumns` (1-based from the label) are right-aligned. */
function table(header: string[], rows: string[][], valueColumns: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= valueColumns ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The column a figure belongs to, and its key within it; none when the report has no columns or it is in none. */
function columnOf(report: SectionReport, figure: Figure): { column: ReportColumn; rest: string } | undefined {
  const column = report.columns?.find((c) => figure.key.startsWith(`${c.key}.`));
  return column && { column, rest: figure.key.slice(column.key.length + 1) };
}

/** A figure's label with its column's heading in front, where it has one (the closing goal list). */
function qualifiedLabel(report: SectionReport, figure: Figure): string {
  const column = columnOf(report, figure)?.column;
  return column ? `${column.heading}: ${figure.label}` : figure.label;
}

/** Side by side: a row per key within the columns, a value column per column, the goals' verdicts in column order. */
function renderColumns(report: SectionReport, columns: readonly ReportColumn[]): string {
  const rows = new Map<string, Map<string, Figure>>();
  const loose: Figure[] = [];
  for (const f of report.figures) {
    const at = columnOf(report, f);
    if (!at) loose.push(f);
    else {
      if (!rows.has(at.rest)) rows.set(at.rest, new Map());
      rows.get(at.rest)?.set(at.column.key, f);
    }
  }
  const lines = [...rows.values()].map((cells) => {
    const present = columns.flatMap((c) => (cells.has(c.key) ? [cells.get(c.key) as Figure] : []));
    const goals = present.filter((f) => f.goal);
    return [
      (present[0] as Figure).label,
      ...columns.map((c) => (cells.has(c.key) ? withUnit(cells.get(c.key) as Figure) : '')),
      [...new Set(goals.map((f) => f.goal?.target))].join(' / '),
      goals.map((f) => (f.goal?.pass ? 'PASS' : 'FAIL')).join(' / '),
    ];
  });
  const out = table(['figure', ...columns.map((c) => c.heading), 'goal', 'result'], lines, columns.length);
  return loose.length ? `${out}\n\n${renderTable({ figures: loose, notes: [] })}` : out;
}

/** A plain-text table: figure, value with unit, goal and PASS/FAIL where the figure has a goal. */
export function renderTable(report: SectionReport): string {
  if (report.columns?.length) return renderColumns(report, report.columns);
  const rows = report.figures.map((f) => [f.label, withUnit(f), f.goal?.target ?? '', f.goal ? (f.goal.pass ? 'PASS' : 'FAIL') : '']);
  return table(['figure', 'value', 'goal', 'result'], rows, 1);
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
  const lines = outcomes.flatMap(({ name, report }) =>
    (report?.figures ?? [])
      .filter((f) => f.goal)
      .map((f) => `  ${f.goal?.pass ? 'PASS' : 'FAIL'}  ${name}: ${qualifiedLabel(report as SectionReport, f)} = ${withUnit(f)} (goal ${f.goal?.target})`),
  );
  return lines.length ? `\nGoals (targets, not gates):\n${lines.join('\n')}` : '';
}
