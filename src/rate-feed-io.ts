import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from './private-files.js';
import type { RateFeedPorts } from './services/rate-feed.js';

/** Longest feed body read; the ECB's daily file is about 1.5 kB. */
const MAX_BODY = 256 * 1024;

/** The rate feed's ports over real HTTP(S) and a JSON file in the data dir. */
export function rateFeedPorts(dataDir: string, fileName: string): RateFeedPorts {
  const file = join(dataDir, fileName);
  return {
    async fetchText(url, signal) {
      const res = await fetch(url, { signal, headers: { accept: 'application/xml, text/xml' }, redirect: 'follow' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY) throw new Error(`the answer is too large (${length} bytes)`);
      const text = await res.text();
      if (text.length > MAX_BODY) throw new Error('the answer is too large');
      return text;
    },
    readCache: () => (existsSync(file) ? readFileSync(file, 'utf8') : null),
    // Written beside and renamed over (a crash never leaves half a file), 0600 like the data dir's other files.
    writeCache: (text) => writePrivateFile(file, text),
  };
}
