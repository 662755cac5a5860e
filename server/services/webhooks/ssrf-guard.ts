import { lookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where an outgoing webhook may go (docs/webhooks.md): public addresses only. Loopback, private,
 * link-local (the clouds' metadata service among them), carrier-grade NAT, multicast and reserved
 * ranges are refused, in IPv4 and IPv6, and an IPv6 address that carries an IPv4 one (mapped,
 * translated, NAT64, 6to4) is judged by the IPv4 address it carries, unless a development setting
 * allows private targets.
 */
const blockedIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  // The 6to4 relays' anycast (deprecated): whoever answers it is anyone's guess.
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedIPv4.addSubnet(network, prefix, 'ipv4');
}

/**
 * Inside 2000::/3, the only IPv6 space handed out as global unicast (everything outside it — ::, ::1,
 * ::/96 IPv4-compatible, 100::/64 discard, fc00::/7, fe80::/10, fec0::/10, ff00::/8, 64:ff9b::/96… —
 * is refused unless it carries an IPv4 address below), the ranges that are not the Internet either.
 */
const blockedGlobalIPv6 = new BlockList();
for (const [network, prefix] of [
  // IETF protocol assignments: Teredo (2001::/32, whose client address hides behind a NAT's), benchmarking,
  // ORCHID; refused outright rather than decoded.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  blockedGlobalIPv6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (its IPv4 tail, if any, turned into two groups). */
function ipv6Groups(address: string): number[] {
  // The URL parser writes any spelling in one canonical form: lower case, `::` compressed, IPv4 tail in hex.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number): string => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 one stands for, where the IPv6 network would deliver to that IPv4 host:
 * IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (SIIT), NAT64's well-known prefix
 * 64:ff9b::a.b.c.d and 6to4 2002:AABB:CCDD::/48. Null for any other address.
 */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g5 === 0xffff) return ipv4Of(g6, g7);
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  // A zone (fe80::1%eth0) only ever names a link-local address.
  if (family === 0 || address.includes('%')) return false;
  if (family === 4) return !blockedIPv4.check(address, 'ipv4');
  const carried = embeddedIPv4(address);
  if (carried !== null) return isPublicAddress(carried);
  const [first = 0] = ipv6Groups(address);
  const globalUnicast = (first & 0xe000) === 0x2000;
  return globalUnicast && !blockedGlobalIPv6.check(address, 'ipv6');
}

/** Every address (A and AAAA) a name has, as the system resolver answers them. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;
const resolveAll: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export type Resolved = { ok: true; addresses: LookupAddress[] } | { ok: false; reason: 'unresolvable' | 'private' };

/**
 * Resolves a host once: the request then goes to these very addresses (pinned), so a DNS answer that
 * changes between the check and the connection (DNS rebinding) cannot send it inside.
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<Resolved> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let answers: LookupAddress[];
  try {
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  // Every answer must be public: a name that also points inside is refused altogether.
  if (answers.length === 0) return { ok: false, reason: 'unresolvable' };
  if (!allowPrivate && answers.some((a) => !isPublicAddress(a.address))) return { ok: false, reason: 'private' };
  return { ok: true, addresses: answers };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` a pinned request gives Node: it answers the checked addresses whatever the name. Node
 * calls it in two shapes: `{ all: true }` (its default since Node 20, for happy eyeballs, which then
 * tries each address in turn) wants the list, otherwise one address and its family.
 */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (_hostname: string, options: LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const reply = (typeof options === 'function' ? options : callback) as LookupCallback;
    const all = typeof options === 'object' && options !== null && options.all === true;
    const [first] = addresses;
    if (all) reply(null, addresses);
    else if (first) reply(null, first.address, first.family);
    else reply(Object.assign(new Error('no address to connect to'), { code: 'ENOTFOUND' }), '');
  };
}

/** A URL whose host is written as a literal non-public address, refused as soon as it is entered. */
export function literalPrivateHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host));
}
