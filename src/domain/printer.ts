import { isIP } from 'node:net';
import { isPublicAddress } from './ip-addresses.js';

/** The port of the raw "JetDirect" protocol most network receipt printers listen on. */
export const DEFAULT_PRINTER_PORT = 9100;

/** The shop's receipt printer, as saved in Settings (`PUT /v1/settings/printer`). */
export interface PrinterSetting {
  /** `tcp://host:port`, normalised (the port always written). */
  url: string;
  /** Print each sale's receipt when it is paid (SUCCEEDED). */
  printOnPaid: boolean;
}

/** Where a raw TCP printer listens. */
export interface PrinterAddress {
  host: string;
  port: number;
}

const MAX_URL_LENGTH = 300;
/** A DNS name: letters, digits, hyphens and dots (no spaces, no user:password, no path). */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * A printer URL: `tcp://host[:port]`, the port 1–65535 (9100 when left out), nothing else (no path,
 * query, credentials). **Decision:** only printers on the shop's own network: an IP address that is
 * public (globally routed) is refused here, and a host name is checked when it is looked up, before
 * connecting (network-printer.ts). Raw port 9100 has no encryption and no authentication, so a
 * receipt sent across the internet could be read by anyone on the way, and a core that opens raw TCP
 * connections to any address the setting names would be a tool to reach other machines.
 * @returns the address and the normalised URL, or what is wrong with it
 */
export function parsePrinterUrl(value: string): { address: PrinterAddress; url: string } | { problem: string } {
  if (value.length > MAX_URL_LENGTH) return { problem: `must be at most ${MAX_URL_LENGTH} characters` };
  const m = /^tcp:\/\/(\[[^\]]+\]|[^:/?#@[\]]+)(?::(\d{1,5}))?\/?$/i.exec(value.trim());
  if (!m) return { problem: 'must be tcp://host:port (a network printer\'s raw port, usually tcp://192.168.1.50:9100)' };
  const rawHost = m[1] as string;
  const host = rawHost.startsWith('[') ? rawHost.slice(1, -1) : rawHost.toLowerCase();
  const port = m[2] === undefined ? DEFAULT_PRINTER_PORT : Number(m[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { problem: 'the port must be 1 to 65535' };
  if (rawHost.startsWith('[') ? isIP(host) !== 6 : isIP(host) === 0 && !HOST_NAME.test(host)) return { problem: `"${rawHost}" is not an IP address or a host name` };
  if (isIP(host) !== 0 && isPublicAddress(host)) return { problem: `is ${publicAddressProblem(host)}` };
  const shown = isIP(host) === 6 ? `[${host}]` : host;
  return { address: { host, port }, url: `tcp://${shown}:${port}` };
}

/** Why a public address is refused, in the words both the setting and the printer's error use. */
export function publicAddressProblem(address: string): string {
  return `${address}, a public internet address: only a printer on the shop's own network (a private address, or a name that resolves to one) may be used`;
}
