/**
 * Which IP addresses the crawler may connect to. Only public unicast addresses are allowed: the
 * crawler fetches URLs that users type, so anything that reaches this machine, the private network
 * it sits in or a cloud provider's metadata service must be refused (server-side request forgery).
 *
 * The check runs on resolved addresses, never on host names, and on every redirect hop.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressReason =
  | 'loopback'
  | 'private network'
  | 'link-local'
  | 'multicast'
  | 'cloud metadata'
  | 'unspecified'
  | 'carrier-grade NAT'
  | 'broadcast'
  | 'reserved'
  | 'not an IP address';

type V4Range = { base: number; bits: number; reason: AddressReason };

/** Cloud metadata services, checked before the (wider) ranges they sit in. */
const METADATA_V4 = new Set([
  '169.254.169.254', // AWS, GCP, Azure, DigitalOcean, OpenStack...
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
]);
/** fd00:ec2::254 (AWS IMDS over IPv6) and fd00:ec2::23 (time sync), as 8 groups */
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254', 'fd00:ec2:0:0:0:0:0:23']);

const V4_RANGES: V4Range[] = [
  { base: v4('0.0.0.0'), bits: 8, reason: 'reserved' }, // "this network"; 0.0.0.0 itself is handled first
  { base: v4('10.0.0.0'), bits: 8, reason: 'private network' },
  { base: v4('100.64.0.0'), bits: 10, reason: 'carrier-grade NAT' },
  { base: v4('127.0.0.0'), bits: 8, reason: 'loopback' },
  { base: v4('169.254.0.0'), bits: 16, reason: 'link-local' },
  { base: v4('172.16.0.0'), bits: 12, reason: 'private network' },
  { base: v4('192.0.0.0'), bits: 24, reason: 'reserved' }, // IETF protocol assignments
  { base: v4('192.0.2.0'), bits: 24, reason: 'reserved' }, // TEST-NET-1
  { base: v4('192.88.99.0'), bits: 24, reason: 'reserved' }, // 6to4 relay anycast
  { base: v4('192.168.0.0'), bits: 16, reason: 'private network' },
  { base: v4('198.18.0.0'), bits: 15, reason: 'reserved' }, // benchmarking
  { base: v4('198.51.100.0'), bits: 24, reason: 'reserved' }, // TEST-NET-2
  { base: v4('203.0.113.0'), bits: 24, reason: 'reserved' }, // TEST-NET-3
  { base: v4('224.0.0.0'), bits: 4, reason: 'multicast' },
  { base: v4('240.0.0.0'), bits: 4, reason: 'reserved' }, // 255.255.255.255 is handled first
];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return (((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0) as number;
}

function inV4Range(value: number, base: number, bits: number): boolean {
  if (bits === 0) return true;
  const mask = (0xffffffff << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === (base & mask) >>> 0;
}

function classifyV4(text: string): AddressReason | null {
  if (text === '0.0.0.0') return 'unspecified';
  if (text === '255.255.255.255') return 'broadcast';
  if (METADATA_V4.has(text)) return 'cloud metadata';
  const value = v4(text);
  for (const range of V4_RANGES) {
    if (inV4Range(value, range.base, range.bits)) return range.reason;
  }
  return null;
}

/** An IPv6 address as eight 16-bit groups (embedded dotted IPv4 and :: expanded). */
function v6Groups(text: string): number[] | null {
  let rest = text;
  const tail: number[] = [];
  const lastColon = rest.lastIndexOf(':');
  const last = rest.slice(lastColon + 1);
  if (last.includes('.')) {
    if (!isIPv4(last)) return null;
    const value = v4(last);
    tail.push(value >>> 16, value & 0xffff);
    rest = `${rest.slice(0, lastColon + 1)}0:0`;
  }
  const halves = rest.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const head = parse(halves[0]!);
  let groups: number[];
  if (halves.length === 2) {
    const end = parse(halves[1]!);
    const missing = 8 - head.length - end.length;
    if (missing < 0) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...end];
  } else {
    groups = head;
  }
  if (groups.length !== 8 || groups.some((group) => Number.isNaN(group) || group < 0 || group > 0xffff)) return null;
  if (tail.length === 2) {
    groups[6] = tail[0]!;
    groups[7] = tail[1]!;
  }
  return groups;
}

function v4FromGroups(high: number, low: number): string {
  return [high >>> 8, high & 0xff, low >>> 8, low & 0xff].join('.');
}

function classifyV6(text: string): AddressReason | null {
  const groups = v6Groups(text);
  if (!groups) return 'not an IP address';
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (METADATA_V6.has(groups.map((group) => group.toString(16)).join(':'))) return 'cloud metadata';
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated): judged as the IPv4 address
  if (firstFiveZero && g5 === 0xffff) return classifyV4(v4FromGroups(g6, g7));
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) {
    return classifyV4(v4FromGroups(g6, g7));
  }
  // ::a.b.c.d (deprecated IPv4-compatible) and the rest of ::/8
  if (g0 === 0) return 'reserved';
  // 64:ff9b::/96 (NAT64): the IPv4 address it translates to decides
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyV4(v4FromGroups(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private network'; // 64:ff9b:1::/48, local NAT64
  // 2002::/16 (6to4): the embedded IPv4 address decides
  if (g0 === 0x2002) return classifyV4(v4FromGroups(g1, g2));
  if (g0 === 0x2001 && g1 < 0x200) return 'reserved'; // 2001::/23 IETF protocol assignments (Teredo, ORCHID...)
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved'; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return 'reserved'; // 3fff::/20 documentation
  if ((g0 & 0xfe00) === 0xfc00) return 'private network'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private network'; // fec0::/10, deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  // Only 2000::/3 is allocated global unicast; everything else (100::/64 discard etc.) is reserved.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return null;
}

/**
 * null when `ip` is a public unicast address the crawler may connect to, otherwise why not.
 * Accepts IPv4 and IPv6 text (with or without [brackets] and a %zone).
 */
export function classifyAddress(ip: string): AddressReason | null {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (isIPv4(text)) return classifyV4(text);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv6(text)) return classifyV6(text.toLowerCase());
  return 'not an IP address';
}

/** Loopback addresses only: 127.0.0.0/8, ::1 and their IPv4-mapped forms (what allowLoopback lets through). */
export function isLoopbackAddress(ip: string): boolean {
  return classifyAddress(ip) === 'loopback';
}

/** "a private network address", "an unspecified address": for messages a user reads. */
export function describeAddressReason(reason: AddressReason): string {
  if (reason === 'not an IP address') return 'something that is not an IP address';
  const article = /^[aeiou]/i.test(reason) ? 'an' : 'a';
  return `${article} ${reason} address`;
}
