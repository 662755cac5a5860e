import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

/**
 * Where a session's address is, roughly (docs/security.md, Sessions): 'local' for loopback and private
 * networks, else the country of a public address from an offline table (never a network call), else null.
 * The table: @ip-location-db/geo-whois-asn-country-mmdb (CC0, about 8 MB, country from RIR and ASN data),
 * read once on the first public address and kept.
 */
export type SessionPlace = 'local' | string | null;

const local = new BlockList();
local.addSubnet('127.0.0.0', 8, 'ipv4');
local.addSubnet('10.0.0.0', 8, 'ipv4');
local.addSubnet('172.16.0.0', 12, 'ipv4');
local.addSubnet('192.168.0.0', 16, 'ipv4');
local.addSubnet('169.254.0.0', 16, 'ipv4');
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

// This table's records are `{country_code}`, none of the MaxMind shapes mmdb-lib types: read as unknown.
let countries: Promise<Reader<Response> | null> | null = null;

function countryTable(): Promise<Reader<Response> | null> {
  countries ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
      return new Reader<Response>(await readFile(file));
    } catch {
      // Without the table every public address is simply of unknown place.
      return null;
    }
  })();
  return countries;
}

/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1), as dual-stack sockets report them. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

export async function placeOfAddress(rawAddress: string): Promise<SessionPlace> {
  const address = unmapped(rawAddress.trim());
  const family = isIP(address);
  if (family === 0) return null;
  if (local.check(address, family === 4 ? 'ipv4' : 'ipv6')) return 'local';
  const table = await countryTable();
  const code = (table?.get(address) as { country_code?: unknown } | null | undefined)?.country_code;
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : null;
}
