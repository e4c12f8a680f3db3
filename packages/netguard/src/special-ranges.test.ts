import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, IPV4_SPECIAL_RANGES, IPV6_SPECIAL_RANGES } from "./special-ranges.ts";

// Issue 21 #1: the built service let 198.18.0.1, 100::1, 2001:10::1 and ::127.0.0.1 through (ipaddr.js 1.9.1's
// `unicast`). One row per block of the IANA special-purpose registries: an address inside it and what it is called.
const REFUSED: readonly [address: string, what: string][] = [
  ["0.1.2.3", '"this network" (0.0.0.0/8)'],
  ["0.0.0.0", "unspecified (0.0.0.0/32)"],
  ["10.0.0.1", "private-use (10.0.0.0/8)"],
  ["100.64.0.1", "carrier-grade NAT (100.64.0.0/10)"],
  ["100.127.255.254", "carrier-grade NAT (100.64.0.0/10)"],
  ["127.0.0.1", "loopback (127.0.0.0/8)"],
  ["127.255.255.254", "loopback (127.0.0.0/8)"],
  ["169.254.10.1", "link-local (169.254.0.0/16)"],
  ["169.254.169.254", "a cloud metadata address"],
  ["172.16.5.4", "private-use (172.16.0.0/12)"],
  ["172.31.255.255", "private-use (172.16.0.0/12)"],
  ["192.0.0.9", "IETF protocol assignments (192.0.0.0/24)"],
  ["192.0.0.170", "IETF protocol assignments (192.0.0.0/24)"],
  ["192.0.2.1", "TEST-NET-1 (192.0.2.0/24)"],
  ["192.31.196.1", "AS112-v4 (192.31.196.0/24)"],
  ["192.52.193.1", "AMT (192.52.193.0/24)"],
  ["192.88.99.1", "6to4 relay anycast (192.88.99.0/24)"],
  ["192.168.0.10", "private-use (192.168.0.0/16)"],
  ["192.175.48.1", "AS112 service (192.175.48.0/24)"],
  ["198.18.0.1", "benchmarking (198.18.0.0/15)"],
  ["198.19.255.254", "benchmarking (198.18.0.0/15)"],
  ["198.51.100.7", "TEST-NET-2 (198.51.100.0/24)"],
  ["203.0.113.7", "TEST-NET-3 (203.0.113.0/24)"],
  ["224.0.0.1", "multicast (224.0.0.0/4)"],
  ["239.255.255.250", "multicast (224.0.0.0/4)"],
  ["240.0.0.1", "reserved (240.0.0.0/4)"],
  ["255.255.255.255", "limited broadcast (255.255.255.255/32)"],
  // IPv6
  ["::", "unspecified (::/128)"],
  ["::1", "loopback (::1/128)"],
  ["::127.0.0.1", "IPv4-compatible IPv6, deprecated (::/96)"],
  ["::8.8.8.8", "IPv4-compatible IPv6, deprecated (::/96)"],
  ["::ffff:10.0.0.1", "private-use (10.0.0.0/8)"],
  ["::ffff:7f00:1", "loopback (127.0.0.0/8)"],
  ["::ffff:198.18.0.1", "benchmarking (198.18.0.0/15)"],
  ["64:ff9b::10.0.0.1", "NAT64 (64:ff9b::/96) embedding 10.0.0.1, which is private-use"],
  ["64:ff9b::7f00:1", "NAT64 (64:ff9b::/96) embedding 127.0.0.1, which is loopback"],
  ["64:ff9b::169.254.169.254", "embedding 169.254.169.254, which is a cloud metadata address"],
  ["64:ff9b:1::8.8.8.8", "local-use NAT64 (64:ff9b:1::/48)"],
  ["100::1", "discard-only (100::/64)"],
  ["100:0:0:1::1", "dummy IPv6 prefix (100:0:0:1::/64)"],
  ["2001::1", "Teredo (2001::/32)"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo (2001::/32)"],
  ["2001:1::1", "port control protocol anycast (2001:1::1/128)"],
  ["2001:1::2", "TURN anycast (2001:1::2/128)"],
  ["2001:1::3", "DNS-SD SRP anycast (2001:1::3/128)"],
  ["2001:2::1", "benchmarking (2001:2::/48)"],
  ["2001:3::1", "AMT (2001:3::/32)"],
  ["2001:4:112::1", "AS112-v6 (2001:4:112::/48)"],
  ["2001:10::1", "deprecated ORCHID (2001:10::/28)"],
  ["2001:20::1", "ORCHIDv2 (2001:20::/28)"],
  ["2001:30::1", "drone remote ID entity tags (2001:30::/28)"],
  ["2001:1ff::1", "IETF protocol assignments (2001::/23)"],
  ["2001:db8::1", "documentation (2001:db8::/32)"],
  ["2002:0a00:0001::1", "6to4 (2002::/16) embedding 10.0.0.1, which is private-use"],
  ["2002:c0a8:0101::1", "6to4 (2002::/16) embedding 192.168.1.1, which is private-use"],
  ["2002:7f00:1::", "6to4 (2002::/16) embedding 127.0.0.1, which is loopback"],
  ["2620:4f:8000::1", "AS112 service (2620:4f:8000::/48)"],
  ["3fff::1", "documentation (3fff::/20)"],
  ["5f00::1", "segment routing SIDs (5f00::/16)"],
  ["fd12:3456::1", "unique-local, private (fc00::/7)"],
  ["fc00::1", "unique-local, private (fc00::/7)"],
  ["fd00:ec2::254", "a cloud metadata address"],
  ["fe80::1", "link-local (fe80::/10)"],
  ["fe80::1%eth0", "link-local (fe80::/10)"],
  ["fec0::1", "site-local, deprecated (fec0::/10)"],
  ["ff02::1", "multicast (ff00::/8)"],
  ["4000::1", "outside global unicast (2000::/3)"],
  ["not-an-ip", "not an IP address"],
];

/** Public addresses, the neighbours of refused blocks among them. */
const ALLOWED = [
  "8.8.8.8",
  "93.184.216.34",
  "1.1.1.1",
  "100.63.255.255",
  "100.128.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.0.1.255",
  "192.0.3.0",
  "198.17.255.255",
  "198.20.0.0",
  "223.255.255.255",
  "2606:2800:220:1:248:1893:25c8:1946",
  "2001:4860:4860::8888",
  "2001:200::1",
  "64:ff9b::8.8.8.8",
  "2002:0808:0808::1",
  "::ffff:8.8.8.8",
];

describe("forbiddenAddressReason: one row per special-purpose block", () => {
  it.each(REFUSED)("%s is refused as %s", (address, what) => {
    expect(forbiddenAddressReason(address)).toContain(what);
  });

  it.each(ALLOWED)("%s is public", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it("every block of the tables has a row above (a block added without its test fails here)", () => {
    const tested = REFUSED.map(([, what]) => what).join("\n");
    for (const { cidr } of [...IPV4_SPECIAL_RANGES, ...IPV6_SPECIAL_RANGES])
      expect(tested, `no row tests ${cidr}`).toContain(`${cidr})`);
  });
});
