/**
 * The SSRF guard of the external link check: only http(s) URLs whose host resolves to public addresses only.
 * The address check runs again in the connection's own DNS lookup, so a host cannot pass the check with one
 * address and then connect to another; redirects are followed by the caller, one checked hop at a time.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How hosts resolve and which addresses are refused. Production always uses STRICT_ADDRESS_POLICY. */
export interface AddressPolicy {
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  isRefused(address: string): boolean;
}

export class RefusedUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedUrlError';
  }
}

/** The host's name did not resolve: nothing was requested, and a resolver outage here looks the same (external-links.ts). */
export class UnresolvableHostError extends RefusedUrlError {}

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (reaches IPv4 addresses, private ones too)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address (::ffff:10.0.0.1), else null. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Private, loopback, link-local, unique-local and other addresses that are not on the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return NON_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(bare);
  if (ipv4 !== null) return NON_PUBLIC.check(ipv4, 'ipv4');
  return NON_PUBLIC.check(bare, 'ipv6');
}

export const STRICT_ADDRESS_POLICY: AddressPolicy = {
  resolve: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
  isRefused: isNonPublicAddress,
};

/** The URL's host without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Refuses non-http(s) URLs; answers the parsed URL. */
export function parseCheckableUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    throw new RefusedUrlError('Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedUrlError(`Refused: the ${url.protocol.replace(':', '')} scheme is not checked (http and https only)`);
  return url;
}

/** The host's addresses when every one of them is allowed; else RefusedUrlError. */
export async function resolvePublicAddresses(hostname: string, policy: AddressPolicy): Promise<ResolvedAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new UnresolvableHostError(`the host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new UnresolvableHostError(`the host ${host} does not resolve`);
  const refused = addresses.find((entry) => policy.isRefused(entry.address));
  if (refused) throw new RefusedUrlError(`Refused: ${host} resolves to the non-public address ${refused.address}`);
  return addresses;
}

/** Checks a URL before a request: scheme and every address of its host. */
export async function assertCheckableUrl(url: URL, policy: AddressPolicy): Promise<void> {
  parseCheckableUrl(url.href);
  await resolvePublicAddresses(bareHost(url), policy);
}

/** A DNS lookup for http.request that applies the policy to the addresses the connection will use. */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublicAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
