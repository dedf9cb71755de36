/**
 * Just enough of the protobuf wire format to serialise a TRON transaction the way java-tron does
 * (proto3: fields in field-number order, defaults left out), so the stand-in computes transaction ids
 * and checks signatures itself rather than trusting the client library that built them.
 */

const VARINT = 0;
const LENGTH_DELIMITED = 2;

export class ProtobufWriter {
  private readonly chunks: number[] = [];

  /** An int64/int32/enum/bool field; 0 is proto3's default and is not written. */
  varint(field: number, value: bigint | number | boolean): this {
    let n = typeof value === 'bigint' ? value : BigInt(typeof value === 'boolean' ? Number(value) : value);
    if (n === 0n) return this;
    // Negative int64 values are written as their two's complement in 10 bytes, as protobuf does.
    if (n < 0n) n += 1n << 64n;
    this.tag(field, VARINT);
    this.rawVarint(n);
    return this;
  }

  /** A bytes, string or embedded-message field; empty is the default and is not written. */
  bytes(field: number, value: Uint8Array): this {
    if (value.length === 0) return this;
    this.tag(field, LENGTH_DELIMITED);
    this.rawVarint(BigInt(value.length));
    for (const byte of value) this.chunks.push(byte);
    return this;
  }

  /** An embedded message, written even when empty (a present message is not a default). */
  message(field: number, value: Uint8Array): this {
    this.tag(field, LENGTH_DELIMITED);
    this.rawVarint(BigInt(value.length));
    for (const byte of value) this.chunks.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }

  private tag(field: number, wireType: number): void {
    this.rawVarint(BigInt((field << 3) | wireType));
  }

  private rawVarint(value: bigint): void {
    let n = value;
    while (n >= 0x80n) {
      this.chunks.push(Number(n & 0x7fn) | 0x80);
      n >>= 7n;
    }
    this.chunks.push(Number(n));
  }
}
