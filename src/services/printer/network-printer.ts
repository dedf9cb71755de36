import { lookup } from 'node:dns/promises';
import { connect, isIP } from 'node:net';
import { isPublicAddress } from '../../domain/ip-addresses.js';
import { type PrinterAddress, publicAddressProblem } from '../../domain/printer.js';
import { withTimeout } from '../with-timeout.js';

/** Why a receipt did not print, in plain words for the till and the print record. */
export class PrinterUnavailableError extends Error {
  override readonly name = 'PrinterUnavailableError';
}

export interface NetworkPrinterOptions {
  /** How long the printer has to accept the connection (a printer that is off: refused or silent). */
  connectTimeoutMs: number;
  /**
   * How long, once connected, the printer has to read the whole receipt and close the connection
   * (a printer out of paper or jammed stops reading: the job never ends).
   */
  writeTimeoutMs: number;
}

/**
 * A network receipt printer over raw TCP (the port 9100 "JetDirect" protocol): connect, write the
 * ESC/POS bytes, half-close, and wait for the printer to close its side, which it does once it has
 * read the whole job. **Decision:** that close is what "printed" means here: a printer that takes
 * the connection but stops reading (out of paper, cover open) would otherwise look printed, since the
 * operating system accepts a receipt's few kilobytes into its buffers at once. Every step is bounded
 * by a timeout, so a printer that is off or stuck fails within seconds and never holds anything up.
 */
export class NetworkPrinter {
  constructor(private readonly o: NetworkPrinterOptions) {}

  /**
   * @param job what is printed, as the failure's message names it ("the receipt", "the report")
   * @throws PrinterUnavailableError when the printer cannot be reached or does not take the job in time
   */
  async print(target: PrinterAddress, bytes: Uint8Array, job = 'the receipt'): Promise<void> {
    const host = await this.resolve(target.host);
    await new Promise<void>((resolve, reject) => {
      let phase: 'connect' | 'write' = 'connect';
      let settled = false;
      const socket = connect({ host, port: target.port });
      const where = `${target.host}:${target.port}`;
      const finish = (err?: PrinterUnavailableError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        if (err) reject(err);
        else resolve();
      };
      let timer = setTimeout(
        () => finish(new PrinterUnavailableError(`The printer at ${where} did not answer within ${this.o.connectTimeoutMs / 1000} s: is it on and on the shop's network?`)),
        this.o.connectTimeoutMs,
      );
      socket.once('connect', () => {
        phase = 'write';
        clearTimeout(timer);
        timer = setTimeout(
          () => finish(new PrinterUnavailableError(`The printer at ${where} did not take ${job} within ${this.o.writeTimeoutMs / 1000} s: check its paper and cover.`)),
          this.o.writeTimeoutMs,
        );
        socket.end(bytes);
      });
      // Whatever the printer sends back (status bytes) is read and dropped, so it never blocks it.
      socket.on('data', () => undefined);
      socket.once('end', () => {
        if (phase === 'write' && socket.writableFinished) finish();
        else finish(new PrinterUnavailableError(`The printer at ${where} closed the connection before taking ${job}.`));
      });
      socket.once('error', (err: NodeJS.ErrnoException) => {
        const why =
          err.code === 'ECONNREFUSED' ? 'refused the connection: is it on, and is the port right?' :
          err.code === 'EHOSTUNREACH' || err.code === 'ENETUNREACH' ? 'cannot be reached from this computer.' :
          err.code === 'ECONNRESET' || err.code === 'EPIPE' ? 'broke the connection while printing.' :
          `failed (${err.code ?? err.message}).`;
        finish(new PrinterUnavailableError(`The printer at ${where} ${why}`));
      });
    });
  }

  /** The address to connect to: a name is looked up, and refused if it leads off the shop's network. */
  private async resolve(host: string): Promise<string> {
    if (isIP(host) !== 0) return host;
    let address: string;
    try {
      ({ address } = await withTimeout(lookup(host), this.o.connectTimeoutMs));
    } catch {
      throw new PrinterUnavailableError(`The printer's name "${host}" cannot be found on the network.`);
    }
    if (isPublicAddress(address)) throw new PrinterUnavailableError(`The printer's name "${host}" resolves to ${publicAddressProblem(address)}`);
    return address;
  }
}
