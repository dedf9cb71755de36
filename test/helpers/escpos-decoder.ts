/**
 * Reads back the ESC/POS byte stream of src/receipt/escpos-commands.ts: text lines with the modes
 * they print in (alignment, bold, size) and the other commands. Any byte sequence it does not know
 * fails the test: the encoder must never send a printer something unchecked.
 */

export type Align = 'left' | 'center' | 'right';

export type EscPosItem =
  | { type: 'init' }
  | { type: 'codepage'; n: number }
  | { type: 'text'; text: string; align: Align; bold: boolean; width: number; height: number }
  | { type: 'qr'; data: string; model: number; moduleSize: number; level: 'L' | 'M' | 'Q' | 'H' }
  | { type: 'feed'; lines: number }
  | { type: 'cut'; partial: boolean; feedDots: number };

export interface DecodedEscPos {
  items: EscPosItem[];
  /** The text lines alone, in order. */
  lines: string[];
}

const cp1252 = new TextDecoder('windows-1252');
const LEVELS = { 48: 'L', 49: 'M', 50: 'Q', 51: 'H' } as const;

export function decodeEscPos(input: Uint8Array): DecodedEscPos {
  const b = input;
  const items: EscPosItem[] = [];
  let align: Align = 'left';
  let bold = false;
  let width = 1;
  let height = 1;
  let codePage: number | null = null;
  let text: number[] = [];
  const qr = { model: 0, moduleSize: 0, level: 'L' as 'L' | 'M' | 'Q' | 'H', data: null as string | null };
  let i = 0;
  const need = (n: number, what: string) => {
    if (i + n > b.length) throw new Error(`ESC/POS: ${what} cut short at byte ${i}`);
  };
  const fail = (what: string): never => {
    throw new Error(`ESC/POS: unknown command ${what} at byte ${i}`);
  };
  while (i < b.length) {
    const c = b[i] as number;
    if (c === 0x0a) {
      if (codePage === null) throw new Error('ESC/POS: text before a code page was chosen');
      items.push({ type: 'text', text: cp1252.decode(Uint8Array.from(text)), align, bold, width, height });
      text = [];
      i += 1;
    } else if (c === 0x1b) {
      if (text.length) throw new Error(`ESC/POS: a command in the middle of a line at byte ${i}`);
      need(2, 'ESC');
      const cmd = b[i + 1] as number;
      if (cmd === 0x40) {
        items.push({ type: 'init' });
        align = 'left'; bold = false; width = 1; height = 1; codePage = null;
        i += 2;
      } else {
        need(3, 'ESC');
        const n = b[i + 2] as number;
        if (cmd === 0x74) { codePage = n; items.push({ type: 'codepage', n }); }
        else if (cmd === 0x61) {
          if (n > 2) fail(`ESC a ${n}`);
          align = (['left', 'center', 'right'] as const)[n] as Align;
        } else if (cmd === 0x45) {
          if (n > 1) fail(`ESC E ${n}`);
          bold = n === 1;
        } else if (cmd === 0x64) items.push({ type: 'feed', lines: n });
        else fail(`ESC 0x${cmd.toString(16)}`);
        i += 3;
      }
    } else if (c === 0x1d) {
      if (text.length) throw new Error(`ESC/POS: a command in the middle of a line at byte ${i}`);
      need(3, 'GS');
      const cmd = b[i + 1] as number;
      if (cmd === 0x21) {
        const n = b[i + 2] as number;
        width = (n >> 4) + 1;
        height = (n & 0x0f) + 1;
        if (width > 8 || height > 8) fail(`GS ! ${n}`);
        i += 3;
      } else if (cmd === 0x56) {
        need(4, 'GS V');
        if (b[i + 2] !== 66 && b[i + 2] !== 65) fail(`GS V ${b[i + 2]}`);
        items.push({ type: 'cut', partial: b[i + 2] === 66, feedDots: b[i + 3] as number });
        i += 4;
      } else if (cmd === 0x28 && b[i + 2] === 0x6b) {
        need(7, 'GS ( k');
        const len = (b[i + 3] as number) | ((b[i + 4] as number) << 8);
        need(5 + len, 'GS ( k');
        if (b[i + 5] !== 49) fail(`GS ( k cn=${b[i + 5]} (only QR, 49)`);
        const fn = b[i + 6] as number;
        const params = b.subarray(i + 7, i + 5 + len);
        if (fn === 65) qr.model = (params[0] as number) - 48; // 49 → model 1, 50 → model 2
        else if (fn === 67) qr.moduleSize = params[0] as number;
        else if (fn === 69) qr.level = LEVELS[params[0] as 48] ?? fail(`QR level ${params[0]}`);
        else if (fn === 80) {
          if (params[0] !== 48) fail(`QR store m=${params[0]}`);
          qr.data = new TextDecoder().decode(params.subarray(1));
        } else if (fn === 81) {
          if (qr.data === null) throw new Error('ESC/POS: QR printed before its data was stored');
          items.push({ type: 'qr', data: qr.data, model: qr.model, moduleSize: qr.moduleSize, level: qr.level });
          qr.data = null;
        } else fail(`GS ( k fn=${fn}`);
        i += 5 + len;
      } else fail(`GS 0x${cmd.toString(16)}`);
    } else if (c < 0x20 || c === 0x7f) {
      fail(`control byte 0x${c.toString(16)}`);
    } else {
      text.push(c);
      i += 1;
    }
  }
  if (text.length) throw new Error('ESC/POS: text left without a line feed at the end');
  return { items, lines: items.flatMap((x) => (x.type === 'text' ? [x.text] : [])) };
}
