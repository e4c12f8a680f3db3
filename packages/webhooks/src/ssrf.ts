import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { ServiceError } from "@sda/core";
import ipaddr from "ipaddr.js";
import { normalizeHost, type WebhookConfig } from "./config.ts";

/** Longest webhook URL accepted, in characters. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Cloud metadata endpoints (AWS, GCP, Azure on IPv4; AWS Nitro on IPv6), named apart from their ranges. */
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254"]);

const RANGE_REASONS: Record<string, string> = {
  loopback: "loopback",
  private: "private (RFC 1918)",
  uniqueLocal: "private (fc00::/7)",
  linkLocal: "link-local",
  carrierGradeNat: "carrier-grade NAT (100.64.0.0/10)",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "broadcast",
};

/** A forbidden address in canonical form and what it is, e.g. `{ address: "10.0.0.1", what: "private (RFC 1918)" }`. */
interface Forbidden {
  address: string;
  what: string;
}

/**
 * Only ipaddr.js's `unicast` range passes: besides the ranges the README lists this also refuses reserved,
 * benchmarking, 6to4, Teredo and NAT64 prefixes, which can embed or route to private IPv4 addresses. IPv4-mapped IPv6
 * (`::ffff:10.0.0.1`) is judged as the IPv4 address it carries.
 */
function classify(address: string): Forbidden | null {
  if (!ipaddr.isValid(address)) return { address, what: "not an IP address" };
  const ip = ipaddr.process(address);
  const canonical = ip.kind() === "ipv6" ? (ip as ipaddr.IPv6).toRFC5952String() : ip.toString();
  if (METADATA_ADDRESSES.has(canonical)) return { address: canonical, what: "a cloud metadata address" };
  const range = ip.range();
  if (range === "unicast") return null;
  return { address: canonical, what: RANGE_REASONS[range] ?? `reserved (${range})` };
}

/**
 * Why an address must not receive webhooks (e.g. `127.0.0.1 is loopback`), or null for a public unicast address.
 * See {@link classify} for the rule.
 */
export function forbiddenAddressReason(address: string): string | null {
  const forbidden = classify(address);
  return forbidden && `${forbidden.address} is ${forbidden.what}`;
}

/** `<host> resolves to <address>, which is <what>`, or null when no address is forbidden. */
function resolvedReason(host: string, addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const forbidden = classify(address);
    if (forbidden) return `${host} resolves to ${forbidden.address}, which is ${forbidden.what}`;
  }
  return null;
}

/** Thrown at connect time when a webhook host resolves to a forbidden address (caught per attempt, never a 500). */
export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  readonly code = "EWEBHOOKFORBIDDEN";
}

function isAllowedHost(config: Pick<WebhookConfig, "allowedHosts">, host: string): boolean {
  return config.allowedHosts.includes(normalizeHost(host));
}

function invalid(reason: string, param: string): ServiceError {
  return new ServiceError("invalid_webhook_url", `webhook URL refused: ${reason}`, {
    details: { param, reason },
  });
}

/**
 * The checks that need no DNS: a parseable absolute URL, `https:` (or `http:` with `WEBHOOK_ALLOW_HTTP`), no
 * credentials, and, when the host is an IP literal, a public address unless the host is allowlisted.
 * @returns the parsed URL.
 * @throws ServiceError 400 `invalid_webhook_url` with `details.reason`.
 */
export function checkWebhookUrlShape(
  url: string,
  config: Pick<WebhookConfig, "allowHttp" | "allowedHosts">,
  param = "webhookUrl",
): URL {
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    throw invalid(`longer than ${MAX_WEBHOOK_URL_LENGTH} characters`, param);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid("not an absolute URL", param);
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && config.allowHttp))
    throw invalid(
      config.allowHttp ? "only http and https URLs are accepted" : "only https URLs are accepted",
      param,
    );
  if (parsed.username || parsed.password) throw invalid("credentials in the URL are not accepted", param);
  const host = normalizeHost(parsed.hostname);
  if (isIP(host) !== 0 && !isAllowedHost(config, host)) {
    const reason = forbiddenAddressReason(host);
    if (reason) throw invalid(reason, param);
  }
  return parsed;
}

function lookupAll(lookup: LookupFunction, host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: 0 }]);
    });
  });
}

/**
 * Submit-time SSRF check of a webhook URL: {@link checkWebhookUrlShape}, then every address the host resolves to must
 * be public (unless the host is in `WEBHOOK_ALLOWED_HOSTS`). The same rule runs again when each attempt connects
 * ({@link guardedLookup}), so a host that later resolves elsewhere (DNS rebinding) is still refused.
 * @param param the request field named in the error (`webhookUrl` by default).
 * @returns the normalised URL (`URL.href`).
 * @throws ServiceError 400 `invalid_webhook_url` with `details.reason`, e.g. `127.0.0.1 is loopback`.
 */
export async function validateWebhookUrl(
  url: string,
  config: Pick<WebhookConfig, "allowHttp" | "allowedHosts" | "lookup">,
  param = "webhookUrl",
): Promise<string> {
  const parsed = checkWebhookUrlShape(url, config, param);
  const host = normalizeHost(parsed.hostname);
  if (isIP(host) !== 0 || isAllowedHost(config, host)) return parsed.href;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(config.lookup ?? (dnsLookup as LookupFunction), host);
  } catch {
    throw invalid(`host ${host} does not resolve`, param);
  }
  if (addresses.length === 0) throw invalid(`host ${host} does not resolve`, param);
  const reason = resolvedReason(
    host,
    addresses.map((a) => a.address),
  );
  if (reason) throw invalid(reason, param);
  return parsed.href;
}

/**
 * A `dns.lookup`-compatible function for the socket of each attempt: it resolves with the configured lookup and fails
 * the connection with {@link ForbiddenAddressError} when any resolved address is forbidden, so the address that is
 * checked is the address that is connected to. Allowlisted hosts pass unchecked.
 */
export function guardedLookup(config: Pick<WebhookConfig, "allowedHosts" | "lookup">): LookupFunction {
  const base = config.lookup ?? (dnsLookup as LookupFunction);
  return (hostname, options, callback) => {
    base(hostname, options, (error, address, family) => {
      if (error || isAllowedHost(config, hostname)) {
        callback(error, address, family);
        return;
      }
      const reason = resolvedReason(
        hostname,
        Array.isArray(address) ? address.map((a) => a.address) : [address],
      );
      callback(reason ? new ForbiddenAddressError(reason) : null, address, family);
    });
  };
}
