import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { canonicalHost } from "./host-name.ts";
import { forbiddenAddressReason, specialPurpose } from "./special-ranges.ts";

/** What every guard function needs; a platform or feature builds it once from its own settings. */
export interface NetGuardOptions {
  /**
   * Lower-case host names or IP literals (IPv6 without brackets) exempt from the address rule, e.g. a test's
   * `127.0.0.1` or an operator's internal receiver. Empty in production unless the operator says otherwise.
   */
  allowedHosts: readonly string[];
  /**
   * The resolver (`dns.lookup` when unset). Tests inject one to play a name that resolves to a private address
   * without real DNS; production leaves it unset.
   */
  lookup?: LookupFunction;
}

/** Thrown (or passed to the socket) when a host is or resolves to a forbidden address; `message` says which and why. */
export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  readonly code = "EFORBIDDENADDRESS";
}

/**
 * The form {@link NetGuardOptions.allowedHosts} and the checks use: {@link canonicalHost} (lower case, IPv6 brackets
 * dropped, IDNA-mapped, no trailing dot), or the trimmed lower-case input when the name is not valid IDNA (so an
 * error can still name it).
 */
export function normalizeHost(host: string): string {
  return canonicalHost(host) || host.trim().toLowerCase();
}

/** True when `host` (any case, brackets or not) is on the allowlist. */
export function isAllowedHost(options: Pick<NetGuardOptions, "allowedHosts">, host: string): boolean {
  return options.allowedHosts.includes(normalizeHost(host));
}

/** `<host> resolves to <address>, which is <what>` for the first forbidden address, or null when all are public. */
function resolvedReason(host: string, addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const found = specialPurpose(address);
    if (found) return `${host} resolves to ${found.address}, which is ${found.what}`;
  }
  return null;
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
 * The check before accepting a caller-chosen host (a webhook URL at submit time, a Mastodon instance a caller names):
 * an IP literal must be public; a name must resolve, and every address it resolves to must be public. Allowlisted
 * hosts pass unchecked. This is advice for a clear early error only: the address really connected to is judged again
 * by {@link guardedLookup} / {@link createGuardedAgent}, since DNS may answer differently by then (rebinding).
 * @param host a URL's `hostname` (IPv6 in brackets or not).
 * @throws ForbiddenAddressError with the reason, e.g. `internal.example resolves to 10.1.2.3, which is private-use
 *   (10.0.0.0/8)` or `host nowhere.example does not resolve`.
 */
export async function assertPublicHost(host: string, options: NetGuardOptions): Promise<void> {
  const name = normalizeHost(host);
  if (isAllowedHost(options, name)) return;
  if (isIP(name) !== 0) {
    const reason = forbiddenAddressReason(name);
    if (reason) throw new ForbiddenAddressError(reason);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(options.lookup ?? (dnsLookup as LookupFunction), name);
  } catch {
    throw new ForbiddenAddressError(`host ${name} does not resolve`);
  }
  if (addresses.length === 0) throw new ForbiddenAddressError(`host ${name} does not resolve`);
  const reason = resolvedReason(
    name,
    addresses.map((a) => a.address),
  );
  if (reason) throw new ForbiddenAddressError(reason);
}

/**
 * A `dns.lookup`-compatible function for outbound sockets: it resolves with the configured lookup and fails the
 * connection with {@link ForbiddenAddressError} when any resolved address is forbidden, so the address that is
 * checked is the address that is connected to. Allowlisted hosts pass unchecked. Node skips `lookup` for IP literals:
 * {@link createGuardedAgent} checks those itself.
 */
export function guardedLookup(options: NetGuardOptions): LookupFunction {
  const base = options.lookup ?? (dnsLookup as LookupFunction);
  return (hostname, lookupOptions, callback) => {
    base(hostname, lookupOptions, (error, address, family) => {
      if (error || isAllowedHost(options, hostname)) {
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
