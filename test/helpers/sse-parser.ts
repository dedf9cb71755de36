/**
 * Incremental parser of a text/event-stream body (the subset our streams use: `event:`, `data:` and
 * `:` comment lines). Shared by the tests and the benchmarks that read the live feeds.
 */
export class SseParser {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  /** Feeds a chunk; returns the events it completed, with their data lines joined. */
  push(chunk: Uint8Array): { event: string; data: string }[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    const out: { event: string; data: string }[] = [];
    let cut: number;
    while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) out.push({ event, data: data.join('\n') });
    }
    return out;
  }
}
