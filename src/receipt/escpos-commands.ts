/**
 * The ESC/POS commands a receipt uses, as bytes (Epson's command set, which thermal receipt printers
 * of every make follow). Only these are emitted; test/helpers/escpos-decoder.ts reads exactly these
 * back and refuses anything else, so a new command here needs a line there.
 */

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;

export type Alignment = 'left' | 'center' | 'right';

/** Code page 16 in ESC t: Windows-1252 (Western European: Spanish and French accents, €). */
export const CODE_PAGE_WPC1252 = 16;

/** Windows-1252's bytes 0x80–0x9F that are not Latin-1's control characters. */
const CP1252_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/**
 * Text in Windows-1252 for the printer. A character the code page lacks (emoji, CJK) prints as `?`,
 * and control characters as a space: a merchant's product name can never inject a command.
 */
export function encodeText(text: string): number[] {
  const bytes: number[] = [];
  for (const c of text.normalize('NFC')) {
    const code = c.codePointAt(0) as number;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else if (CP1252_EXTRA[c] !== undefined) bytes.push(CP1252_EXTRA[c]);
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) bytes.push(0x20);
    else bytes.push(0x3f);
  }
  return bytes;
}

/** QR error correction levels, as GS ( k function 169 numbers them. */
const QR_LEVEL = { L: 48, M: 49, Q: 50, H: 51 } as const;

/** GS ( k with cn = 49 (QR code) and function fn, followed by its parameters. */
function qrFunction(fn: number, params: readonly number[]): number[] {
  const length = params.length + 2; // cn and fn count in pL pH
  return [GS, 0x28, 0x6b, length & 0xff, length >> 8, 49, fn, ...params];
}

/** Builds a byte stream command by command. */
export class EscPos {
  private readonly bytes: number[] = [];

  /** ESC @: clears the printer's modes left by a previous job. */
  init(): this {
    return this.push(ESC, 0x40);
  }

  /** ESC t n: the code page text is encoded in. */
  codePage(n: number): this {
    return this.push(ESC, 0x74, n);
  }

  /** ESC a n. */
  align(a: Alignment): this {
    return this.push(ESC, 0x61, a === 'left' ? 0 : a === 'center' ? 1 : 2);
  }

  /** ESC E n: emphasised (bold) on or off. */
  bold(on: boolean): this {
    return this.push(ESC, 0x45, on ? 1 : 0);
  }

  /** GS ! n: character width and height multipliers (1 or 2 here). */
  size(width: 1 | 2, height: 1 | 2): this {
    return this.push(GS, 0x21, ((width - 1) << 4) | (height - 1));
  }

  /** Text then LF. */
  line(text = ''): this {
    return this.push(...encodeText(text), LF);
  }

  /**
   * A QR code drawn by the printer itself (GS ( k: model 2, module size, error correction, store the
   * data, print it), so no image is rasterised here. Data up to 7 KB; a URL is far less.
   */
  qr(data: string, options: { moduleSize?: number; level?: keyof typeof QR_LEVEL } = {}): this {
    const payload = [...new TextEncoder().encode(data)];
    if (payload.length > 7000) throw new Error('QR data too long for one symbol');
    this.push(...qrFunction(65, [50, 0])); // fn 165: model 2
    this.push(...qrFunction(67, [options.moduleSize ?? 6])); // fn 167: module size in dots
    this.push(...qrFunction(69, [QR_LEVEL[options.level ?? 'M']])); // fn 169: error correction
    this.push(...qrFunction(80, [48, ...payload])); // fn 180: store the data (m = 48)
    return this.push(...qrFunction(81, [48])); // fn 181: print the stored symbol
  }

  /** ESC d n: print and feed n lines. */
  feed(lines: number): this {
    return this.push(ESC, 0x64, lines);
  }

  /** GS V 66 n: feed n dots to the cutter, then a partial cut (one point left uncut, so the paper does not fall). */
  partialCut(feedDots = 0): this {
    return this.push(GS, 0x56, 66, feedDots);
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }

  private push(...bytes: number[]): this {
    for (const b of bytes) this.bytes.push(b);
    return this;
  }
}
