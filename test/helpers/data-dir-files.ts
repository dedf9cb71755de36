import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` (recursively), with its permission bits. */
export function filesUnder(dir: string): { path: string; name: string; mode: number; isDir: boolean }[] {
  const out: { path: string; name: string; mode: number; isDir: boolean }[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat) continue; // gone meanwhile (a temporary file)
      out.push({ path, name: relative(dir, path), mode: stat.mode & 0o777, isDir: stat.isDirectory() });
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return out;
}

/**
 * Which secrets occur in the raw bytes of which file under `dir` (`file: secret…` lines). Each is
 * looked for as given, without its prefix (`whsec_`, `sk_test_`) and as the bytes a `whsec_` stands for.
 */
export function rawOccurrences(dir: string, secrets: readonly string[]): string[] {
  const needles = secrets.flatMap((s) => {
    const body = s.replace(/^(whsec_|sk_live_|sk_test_)/, '');
    return [
      { label: s, bytes: Buffer.from(s) },
      { label: `${s} (without its prefix)`, bytes: Buffer.from(body) },
      ...(s.startsWith('whsec_') ? [{ label: `${s} (its key bytes)`, bytes: Buffer.from(body, 'base64') }] : []),
    ];
  });
  const found: string[] = [];
  for (const f of filesUnder(dir)) {
    if (f.isDir) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(f.path);
    } catch {
      continue; // gone meanwhile
    }
    for (const n of needles) if (bytes.includes(n.bytes)) found.push(`${f.name}: ${n.label}`);
  }
  return found;
}

export const octal = (mode: number) => `0${mode.toString(8)}`;
