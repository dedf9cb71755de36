import { networkInterfaces } from 'node:os';
import { canonicalHostName, isIpLiteral, isLoopbackName, isWildcardAddress, parseHost } from './host-names.js';

/** What the host check is told by the core's configuration (docs/security.md, "Web pages and DNS rebinding"). */
export interface HostPolicyConfig {
  /** The address the server listens on (`--host`). */
  listenHost: string;
  /** `--public-url`: its host is allowed, and its origin may call the UI's routes. */
  publicUrl?: string | undefined;
  /** Extra names or addresses the shop reaches the app by (`--allowed-host`). */
  allowedHosts?: readonly string[] | undefined;
}

/** The machine's own addresses, canonical; a function so tests can pretend to be on a LAN. */
export type InterfaceAddresses = () => string[];

const ownAddresses: InterfaceAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((info) => (info ? [canonicalHostName(info.address)] : []))
    .flatMap((c) => ('name' in c ? [c.name] : []));

/** The machine's addresses change (DHCP, Wi-Fi): re-read them on a miss, but at most this often. */
const INTERFACE_REFRESH_MS = 1000;

/**
 * Which `Host` headers and `Origin`s the app answers. A page that reaches the app through DNS
 * rebinding really does connect from this machine, but its requests carry its own host name, which is
 * none of the names below; an IP-literal `Host` cannot be rebound at all, so the machine's own
 * addresses are safe to accept when the app serves every interface.
 */
export class HostPolicy {
  private readonly names = new Set<string>();
  private readonly publicOrigin: string | undefined;
  private readonly servesEveryInterface: boolean;
  private interfaces = new Set<string>();
  private interfacesReadAt = -Infinity;

  constructor(
    config: HostPolicyConfig,
    private readonly readInterfaces: InterfaceAddresses = ownAddresses,
    private readonly now: () => number = Date.now,
  ) {
    const listen = canonicalHostName(config.listenHost);
    if ('problem' in listen) throw new Error(`listen address: ${listen.problem}`);
    this.servesEveryInterface = isWildcardAddress(listen.name);
    if (!this.servesEveryInterface) this.names.add(listen.name);
    for (const entry of config.allowedHosts ?? []) {
      const extra = canonicalHostName(entry);
      if ('problem' in extra) throw new Error(`allowed host: ${extra.problem}`);
      this.names.add(extra.name);
    }
    if (config.publicUrl !== undefined) {
      const url = new URL(config.publicUrl);
      this.publicOrigin = url.origin;
      this.names.add(url.hostname.replace(/\.$/, ''));
    }
  }

  /** A request without `Host` (HTTP/1.0) passes: no browser sends one, so no web page is behind it. */
  allowsHost(header: string | undefined): boolean {
    if (header === undefined) return true;
    const host = parseHost(header);
    if (!host) return false;
    if (isLoopbackName(host.name) || this.names.has(host.name)) return true;
    return this.servesEveryInterface && isIpLiteral(host.name) && this.isOwnAddress(host.name);
  }

  /**
   * An `Origin` may change the UI's state when it is the page the request was made for (same scheme
   * family, host and port as the `Host` header, which `allowsHost` has accepted) or the public URL's.
   * `null` (sandboxed frames, `file:` pages) and every other site are refused.
   */
  allowsOrigin(origin: string, hostHeader: string | undefined): boolean {
    if (origin === this.publicOrigin) return true;
    if (hostHeader === undefined) return false;
    let page: URL;
    try {
      page = new URL(origin);
    } catch {
      return false;
    }
    if ((page.protocol !== 'http:' && page.protocol !== 'https:') || page.origin !== origin) return false;
    const requested = parseHost(hostHeader);
    if (!requested) return false;
    // The Host header's port, read with the origin's scheme, so `Host: pos.lan` matches `https://pos.lan`.
    const requestedPort = requested.port === '' || requested.port === defaultPort(page.protocol) ? '' : requested.port;
    return page.hostname.replace(/\.$/, '') === requested.name && page.port === requestedPort;
  }

  private isOwnAddress(name: string): boolean {
    if (this.interfaces.has(name)) return true;
    if (this.now() - this.interfacesReadAt < INTERFACE_REFRESH_MS) return false;
    this.interfacesReadAt = this.now();
    this.interfaces = new Set(this.readInterfaces());
    return this.interfaces.has(name);
  }
}

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
