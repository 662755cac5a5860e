import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUST_PROXY: whose X-Forwarded-For the node believes (docs/deploy.md, "Behind a proxy"). Rate limits and
 * the audit log go by the address it yields, so only the proxies actually deployed may be trusted: a list of
 * their addresses or ranges, handed to Fastify (@fastify/proxy-addr). Walking X-Forwarded-For from the right,
 * Fastify stops at the first address not in the list, so a client cannot get past the proxies with a header of
 * its own. `true` and hop counts trust the peer whoever it is, and are refused with what to write instead.
 */

/** The named ranges @fastify/proxy-addr knows. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

const EXAMPLES = 'e.g. TRUST_PROXY=10.0.0.2, TRUST_PROXY=172.31.250.0/24 or TRUST_PROXY=loopback (docs/deploy.md)';

const NOT_TRUSTED = new Set(['false', '0', 'no']);
const TRUST_EVERYONE = new Set(['true', 'yes']);

function isRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Why an entry is refused, or null for a usable address or range. */
function problemWith(value: string): string | null {
  if (TRUST_EVERYONE.has(value)) {
    return (
      `TRUST_PROXY=${value} would believe the X-Forwarded-For every client sends, so anyone could reset the rate limits ` +
      `and put any address in the audit log: name the proxies in front of this node instead, ${EXAMPLES}`
    );
  }
  if (/^\d+$/.test(value)) {
    return (
      `TRUST_PROXY=${value} is a hop count, which cannot tell the proxy from a client that reaches this node directly ` +
      `with a header of its own (Fastify no longer honours hop counts): name the proxies' addresses instead, ${EXAMPLES}`
    );
  }
  const bad = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !isRange(entry));
  if (bad.length === 0) return null;
  return (
    `TRUST_PROXY must be false or a comma-separated list of the proxies' addresses, CIDR ranges or ${NAMED_RANGES.join(', ')} ` +
    `(host names are not resolved); not ${bad.map((entry) => `"${entry}"`).join(', ')}`
  );
}

/** false, or the addresses and ranges to trust, as Fastify's `trustProxy` takes them. */
export const trustProxyText = z.string().transform((text, context): false | string[] => {
  const value = text.trim().toLowerCase();
  if (NOT_TRUSTED.has(value)) return false;
  const problem = problemWith(value);
  if (problem !== null) {
    context.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return value.split(',').map((entry) => entry.trim());
});
