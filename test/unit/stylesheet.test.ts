import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('the UI stylesheet is well formed: every rule closes, and no merge left a rule open', () => {
  const css = readFileSync(new URL('../../renderer/src/styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  let depth = 0;
  // Rules nest one level, inside an at-rule (`@media …`) two: a rule left open makes the next ones deeper.
  let inAtRule = false;
  for (const [i, line] of css.split('\n').entries()) {
    if (depth === 0) inAtRule = /^\s*@/.test(line);
    depth += (line.match(/{/g) ?? []).length - (line.match(/}/g) ?? []).length;
    expect(depth >= 0 && depth <= (inAtRule ? 2 : 1), `line ${i + 1}: ${line}`).toBe(true);
  }
  expect(depth).toBe(0);
  expect(css).not.toMatch(/^(<<<<<<<|=======|>>>>>>>)/m);
});
