import ipaddr from "ipaddr.js";

/**
 * One row of the table: a CIDR block and what it is. `embedded` marks the translation prefixes (NAT64, 6to4) whose
 * address carries an IPv4 address that is judged in its place.
 */
interface SpecialRange {
  cidr: string;
  what: string;
  embedded?: (ip: ipaddr.IPv6) => ipaddr.IPv4;
}

/** The IPv4 address in the last 32 bits (NAT64 /96, RFC 6052 §2.2). */
const lastThirtyTwoBits = (ip: ipaddr.IPv6): ipaddr.IPv4 =>
  ipaddr.fromByteArray(ip.toByteArray().slice(12)) as ipaddr.IPv4;

/** The IPv4 address in bits 16–47 (6to4, RFC 3056 §2). */
const sixToFourEmbedded = (ip: ipaddr.IPv6): ipaddr.IPv4 =>
  ipaddr.fromByteArray(ip.toByteArray().slice(2, 6)) as ipaddr.IPv4;

/**
 * Every block of the IANA IPv4 Special-Purpose Address Registry, plus multicast (224.0.0.0/4, its own registry).
 * None of them is a place an outbound request of ours may go, "globally reachable" ones included (AS112, AMT, the
 * deprecated 6to4 relay anycast): no webhook receiver or instance lives there.
 */
export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = [
  { cidr: "0.0.0.0/8", what: '"this network" (0.0.0.0/8)' },
  { cidr: "0.0.0.0/32", what: "unspecified (0.0.0.0/32)" },
  { cidr: "10.0.0.0/8", what: "private-use (10.0.0.0/8)" },
  { cidr: "100.64.0.0/10", what: "shared address space, carrier-grade NAT (100.64.0.0/10)" },
  { cidr: "127.0.0.0/8", what: "loopback (127.0.0.0/8)" },
  { cidr: "169.254.0.0/16", what: "link-local (169.254.0.0/16)" },
  { cidr: "172.16.0.0/12", what: "private-use (172.16.0.0/12)" },
  { cidr: "192.0.0.0/24", what: "IETF protocol assignments (192.0.0.0/24)" },
  { cidr: "192.0.2.0/24", what: "documentation, TEST-NET-1 (192.0.2.0/24)" },
  { cidr: "192.31.196.0/24", what: "AS112-v4 (192.31.196.0/24)" },
  { cidr: "192.52.193.0/24", what: "AMT (192.52.193.0/24)" },
  { cidr: "192.88.99.0/24", what: "deprecated 6to4 relay anycast (192.88.99.0/24)" },
  { cidr: "192.168.0.0/16", what: "private-use (192.168.0.0/16)" },
  { cidr: "192.175.48.0/24", what: "direct delegation AS112 service (192.175.48.0/24)" },
  { cidr: "198.18.0.0/15", what: "benchmarking (198.18.0.0/15)" },
  { cidr: "198.51.100.0/24", what: "documentation, TEST-NET-2 (198.51.100.0/24)" },
  { cidr: "203.0.113.0/24", what: "documentation, TEST-NET-3 (203.0.113.0/24)" },
  { cidr: "224.0.0.0/4", what: "multicast (224.0.0.0/4)" },
  { cidr: "240.0.0.0/4", what: "reserved (240.0.0.0/4)" },
  { cidr: "255.255.255.255/32", what: "limited broadcast (255.255.255.255/32)" },
];

/**
 * Every block of the IANA IPv6 Special-Purpose Address Registry, plus the deprecated IPv4-compatible block (::/96,
 * RFC 4291 §2.5.5.1: `::127.0.0.1` reaches loopback on some stacks), site-local (fec0::/10) and multicast (ff00::/8).
 * NAT64's well-known prefix and 6to4 are judged by the IPv4 address they embed; IPv4-mapped addresses are unwrapped
 * before this table is read. Addresses outside global unicast (2000::/3) are refused besides (see
 * {@link specialPurpose}).
 */
export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = [
  { cidr: "::/128", what: "unspecified (::/128)" },
  { cidr: "::1/128", what: "loopback (::1/128)" },
  { cidr: "::/96", what: "IPv4-compatible IPv6, deprecated (::/96)" },
  { cidr: "64:ff9b::/96", what: "NAT64 (64:ff9b::/96)", embedded: lastThirtyTwoBits },
  { cidr: "64:ff9b:1::/48", what: "local-use NAT64 (64:ff9b:1::/48)" },
  { cidr: "100::/64", what: "discard-only (100::/64)" },
  { cidr: "100:0:0:1::/64", what: "dummy IPv6 prefix (100:0:0:1::/64)" },
  { cidr: "2001::/23", what: "IETF protocol assignments (2001::/23)" },
  { cidr: "2001::/32", what: "Teredo (2001::/32)" },
  { cidr: "2001:1::1/128", what: "port control protocol anycast (2001:1::1/128)" },
  { cidr: "2001:1::2/128", what: "TURN anycast (2001:1::2/128)" },
  { cidr: "2001:1::3/128", what: "DNS-SD SRP anycast (2001:1::3/128)" },
  { cidr: "2001:2::/48", what: "benchmarking (2001:2::/48)" },
  { cidr: "2001:3::/32", what: "AMT (2001:3::/32)" },
  { cidr: "2001:4:112::/48", what: "AS112-v6 (2001:4:112::/48)" },
  { cidr: "2001:10::/28", what: "deprecated ORCHID (2001:10::/28)" },
  { cidr: "2001:20::/28", what: "ORCHIDv2 (2001:20::/28)" },
  { cidr: "2001:30::/28", what: "drone remote ID entity tags (2001:30::/28)" },
  { cidr: "2001:db8::/32", what: "documentation (2001:db8::/32)" },
  { cidr: "2002::/16", what: "6to4 (2002::/16)", embedded: sixToFourEmbedded },
  { cidr: "2620:4f:8000::/48", what: "direct delegation AS112 service (2620:4f:8000::/48)" },
  { cidr: "3fff::/20", what: "documentation (3fff::/20)" },
  { cidr: "5f00::/16", what: "segment routing SIDs (5f00::/16)" },
  { cidr: "fc00::/7", what: "unique-local, private (fc00::/7)" },
  { cidr: "fe80::/10", what: "link-local (fe80::/10)" },
  { cidr: "fec0::/10", what: "site-local, deprecated (fec0::/10)" },
  { cidr: "ff00::/8", what: "multicast (ff00::/8)" },
];

/** Cloud metadata endpoints (AWS, GCP, Azure on IPv4; AWS Nitro on IPv6), named apart from their ranges. */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254"]);

interface ParsedRange extends SpecialRange {
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
}

const parsed = (rows: readonly SpecialRange[]): ParsedRange[] =>
  // Longest prefix first: the most specific name wins (`::1` is loopback, not IPv4-compatible).
  rows.map((row) => ({ ...row, range: ipaddr.parseCIDR(row.cidr) })).sort((a, b) => b.range[1] - a.range[1]);

const V4 = parsed(IPV4_SPECIAL_RANGES);
const V6 = parsed(IPV6_SPECIAL_RANGES);
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/** A refused address in canonical form and why, e.g. `{ address: "10.0.0.1", what: "private-use (10.0.0.0/8)" }`. */
interface SpecialPurpose {
  address: string;
  what: string;
}

function judgeV4(ip: ipaddr.IPv4): SpecialPurpose | null {
  const address = ip.toString();
  if (METADATA_ADDRESSES.has(address)) return { address, what: "a cloud metadata address" };
  const row = V4.find((r) => ip.match(r.range as [ipaddr.IPv4, number]));
  return row ? { address, what: row.what } : null;
}

function judgeV6(ip: ipaddr.IPv6): SpecialPurpose | null {
  if (ip.isIPv4MappedAddress()) return judgeV4(ip.toIPv4Address());
  const address = ip.toRFC5952String();
  if (METADATA_ADDRESSES.has(address)) return { address, what: "a cloud metadata address" };
  const row = V6.find((r) => ip.match(r.range as [ipaddr.IPv6, number]));
  if (row?.embedded) {
    const inner = judgeV4(row.embedded(ip));
    return inner && { address, what: `${row.what} embedding ${inner.address}, which is ${inner.what}` };
  }
  if (row) return { address, what: row.what };
  if (!ip.match(GLOBAL_UNICAST as [ipaddr.IPv6, number]))
    return { address, what: "outside global unicast (2000::/3)" };
  return null;
}

/**
 * An IPv6 literal with a dotted IPv4 tail rewritten in hex groups by the WHATWG URL parser (`::127.0.0.1` →
 * `::7f00:1`), the form a socket really gets: ipaddr.js 2.5 reads any `::a.b.c.d` as IPv4-mapped, which would judge
 * the IPv4-compatible `::127.0.0.1` as 127.0.0.1 and `::8.8.8.8` as public. A zone id (`%eth0`) is dropped.
 */
function withoutDottedTail(address: string): string {
  if (!address.includes(":") || !address.includes(".")) return address;
  return new URL(`http://[${address.replace(/%.*$/, "")}]/`).hostname.slice(1, -1);
}

/**
 * Why an IP address is no place for an outbound request: a block of the IANA special-purpose registries (see
 * {@link IPV4_SPECIAL_RANGES}, {@link IPV6_SPECIAL_RANGES}), a cloud metadata address, IPv6 outside 2000::/3, or not an
 * IP address at all. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it carries, NAT64 and 6to4
 * addresses by the IPv4 address they embed.
 * @param address an IP literal as `dns.lookup` or `URL.hostname` (brackets removed) gives it.
 * @returns null for a public address, else the canonical address and what it is.
 */
export function specialPurpose(address: string): SpecialPurpose | null {
  if (!ipaddr.isValid(address)) return { address, what: "not an IP address" };
  const ip = ipaddr.parse(withoutDottedTail(address));
  return ip.kind() === "ipv4" ? judgeV4(ip as ipaddr.IPv4) : judgeV6(ip as ipaddr.IPv6);
}

/**
 * `<address> is <what>` for an address outbound requests must not reach (e.g. `127.0.0.1 is loopback
 * (127.0.0.0/8)`), or null for a public address. See {@link specialPurpose}.
 */
export function forbiddenAddressReason(address: string): string | null {
  const found = specialPurpose(address);
  return found && `${found.address} is ${found.what}`;
}
