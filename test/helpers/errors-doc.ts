import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/errors.md, the integrators' list of error codes. */
export const ERRORS_DOC_PATH = fileURLToPath(new URL('../../docs/errors.md', import.meta.url));

/** One `### \`code\`` section of docs/errors.md's "Codes" part, as written. */
export interface DocumentedCode {
  code: string;
  /** From the section's fixed line `Status: 409 · Type: invalid_request_error`; undefined when it is missing or malformed. */
  status: number | undefined;
  type: string | undefined;
  /** The ```json blocks of the section, parsed (a block that is not JSON is kept as its text). */
  examples: unknown[];
}

/** A row of the "Types, and whether to retry" table: the type and the statuses written for it. */
export interface DocumentedType {
  type: string;
  statuses: number[];
}

const CODE_HEADING = /^### `([a-z_]+)`\s*$/;
const STATUS_LINE = /^Status: (\d{3}) · Type: ([a-z_]+)$/;

/** The lines of the part under `## <title>`, up to the next `## ` heading. */
function part(lines: string[], title: string): string[] {
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The documented codes, read simply on purpose: a `### \`code\`` heading under "## Codes", whose first
 * non-empty line is the status line, and whose ```json blocks are its examples. Other `###` headings of
 * the page (e.g. "### `Retry-After`" under the types) are not codes.
 */
export function documentedCodes(markdown: string): DocumentedCode[] {
  const sections: { code: string; firstLine: string | undefined; examples: unknown[] }[] = [];
  let current: (typeof sections)[number] | undefined;
  let json: string[] | undefined;
  for (const line of part(markdown.split('\n'), 'Codes')) {
    if (json) {
      if (line.trim() === '```') {
        current?.examples.push(parseJson(json.join('\n')));
        json = undefined;
      } else json.push(line);
      continue;
    }
    const heading = CODE_HEADING.exec(line);
    if (heading) sections.push((current = { code: heading[1]!, firstLine: undefined, examples: [] }));
    else if (line.startsWith('### ')) current = undefined;
    else if (!current) continue;
    else if (line.trim() === '```json') json = [];
    else if (current.firstLine === undefined && line.trim() !== '') current.firstLine = line.trim();
  }
  return sections.map(({ code, firstLine, examples }) => {
    // Only the section's first line of text may be its status line.
    const status = STATUS_LINE.exec(firstLine ?? '');
    return { code, status: status ? Number(status[1]) : undefined, type: status?.[2], examples };
  });
}

/** The rows of the table under "## Types, and whether to retry": `| \`type\` | 400, 404 | … |`. */
export function documentedTypes(markdown: string): DocumentedType[] {
  return part(markdown.split('\n'), 'Types, and whether to retry')
    .map((line) => /^\| `([a-z_]+)` \| ([\d, ]+) \|/.exec(line))
    .filter((row) => row !== null)
    .map((row) => ({ type: row[1]!, statuses: row[2]!.split(',').map((s) => Number(s.trim())) }));
}

export const readErrorsDoc = (): string => readFileSync(ERRORS_DOC_PATH, 'utf8');
