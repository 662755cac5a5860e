import { lookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where an outgoing webhook may go (docs/webhooks.md): public addresses only. Loopback, private,
 * link-local (the clouds' metadata service among them), carrier-grade NAT, multicast and reserved
 * ranges are refused, in IPv4, IPv6 and IPv4-mapped IPv6, unless a development setting allows them.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // ::/96 holds the unspecified and loopback addresses and the old IPv4-compatible form (::127.0.0.1).
  ['::', 96],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 address in its one canonical spelling (lower case, zeros compressed, IPv4 tails in hex). */
function canonicalIPv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is that IPv4 address.
    const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonicalIPv6(address));
    if (mapped) {
      const [high, low] = [parseInt(mapped[1] as string, 16), parseInt(mapped[2] as string, 16)];
      return isPublicAddress([high >> 8, high & 255, low >> 8, low & 255].join('.'));
    }
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

export type Resolved = { ok: true; addresses: LookupAddress[] } | { ok: false; reason: 'unresolvable' | 'private' };

/**
 * Resolves a host once: the request then goes to these very addresses (pinned), so a DNS answer that
 * changes between the check and the connection (DNS rebinding) cannot send it inside.
 */
export async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<Resolved> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let answers: LookupAddress[];
  try {
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
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
