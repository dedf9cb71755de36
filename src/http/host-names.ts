import { isIP } from 'node:net';

/**
 * Host names as the host check compares them: the WHATWG URL parser's canonical form (lower case,
 * punycode, IPv4 as four decimals so `127.1` is `127.0.0.1`, IPv6 compressed in brackets), without
 * a trailing dot (`localhost.` names the same host as `localhost`). Browsers send exactly this form.
 */

/** Characters that never belong in a Host header: userinfo, path, query, fragment, white space. */
const NOT_IN_HOST = /[@/\\?#\s]/;

/** One DNS name made of letters, digits and hyphens (RFC 1123), as allowed extra hosts must be. */
const DNS_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export interface HostAndPort {
  /** Canonical host name; IPv6 in brackets (`[::1]`). */
  name: string;
  /** As sent, `''` when absent or the scheme's default. */
  port: string;
}

/** `example.com:8420`, `[::1]`, `127.0.0.1` → its canonical name and port; undefined if malformed. */
export function parseHost(header: string): HostAndPort | undefined {
  if (header === '' || NOT_IN_HOST.test(header)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return undefined;
  }
  if (url.hostname === '') return undefined;
  return { name: url.hostname.replace(/\.$/, ''), port: url.port };
}

/** An IP literal (IPv6 in brackets, as `parseHost` gives it)? */
export function isIpLiteral(name: string): boolean {
  return isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0;
}

/** The loopback names: `localhost`, 127.0.0.0/8 and `[::1]`. Only this machine reaches them. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || (isIP(name) === 4 && name.startsWith('127.'));
}

/** A listen address that means every interface. */
export function isWildcardAddress(name: string): boolean {
  return name === '0.0.0.0' || name === '[::]';
}

/**
 * A configured host (`--allowed-host`, `--host`): a DNS name or an IP address (IPv6 with or without
 * brackets), no scheme, port or wildcard. Returns its canonical name, or a reason it is refused.
 */
export function canonicalHostName(input: string): { name: string } | { problem: string } {
  const trimmed = input.trim();
  const bracketed = isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed;
  const parsed = parseHost(bracketed);
  // A colon outside an IPv6 literal's brackets starts a port (even `:80`, which the URL parser drops).
  const hasPort = bracketed.replace(/^\[[^\]]*\]/, '').includes(':');
  if (!parsed || hasPort) {
    return { problem: `"${input}" is not a host name or IP address (give the name alone: no scheme, port or path)` };
  }
  if (!isIpLiteral(parsed.name) && !DNS_NAME.test(parsed.name)) {
    return { problem: `"${input}" is not a host name or IP address (letters, digits, hyphens and dots; no wildcards)` };
  }
  return { name: parsed.name };
}
