import { isIP } from 'node:net';

/**
 * Whether an IP address is a public (globally routed) unicast address, the only kind whose answers to
 * a webhook every credential may read back (docs/security.md, "Webhooks into the shop's network").
 * Everything else is treated as the shop's own network: loopback, the private and shared ranges,
 * link-local (169.254/16 holds cloud metadata services), unique-local, multicast, reserved and
 * documentation ranges, and IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`,
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), classified by the IPv4 address
 * they carry. Anything that does not parse is not public: the rule fails closed.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, an IPv6 zone (fe80::1%eth0)
  const kind = isIP(ip);
  if (kind === 4) return isPublicV4(v4Number(ip));
  if (kind === 6) return isPublicV6(v6Groups(ip));
  return false;
}

/** IPv4 ranges that are not public unicast: [first address, prefix length]. */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, shared
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is the cloud metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const NOT_PUBLIC_V4_RANGES = NOT_PUBLIC_V4.map(([first, bits]) => ({ first: v4Number(first), bits }));

function isPublicV4(n: number): boolean {
  return !NOT_PUBLIC_V4_RANGES.some(({ first, bits }) => (n >>> (32 - bits)) === (first >>> (32 - bits)));
}

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes the last two). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1] as string);
    text = `${text.slice(0, -(dotted[1] as string).length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function isPublicV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const carried = (hi: number, lo: number) => isPublicV4(((hi << 16) >>> 0) + lo);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, also :: and ::1): the IPv4 address decides.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0xffff || g5 === 0)) {
    return g5 === 0 && g6 === 0 ? false : carried(g6, g7);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return carried(g6, g7); // NAT64
  if (g0 === 0x2002) return carried(g1, g2); // 6to4
  if ((g0 & 0xe000) !== 0x2000) return false; // only 2000::/3 is global unicast (fc00::/7, fe80::/10, ff00::/8 are not)
  if (g0 === 0x2001 && g1 < 0x200) return false; // 2001::/23: IETF special purpose, Teredo (2001::/32) among them
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  return true;
}
