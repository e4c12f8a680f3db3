import { isIP } from "node:net";
import { matchesHost } from "@sda/contract";
import { forbiddenAddressReason, hostNameReason, normalizeHost } from "@sda/netguard";
import type { FedisiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import type { Instance } from "../inputs/links.ts";

/**
 * Which instances may be fetched, judged on the link's host by name, before any request (so a refusal is a 422 of the
 * handler, never billed). The address the request really connects to is judged again by the upstream client's guard
 * (`callerHosts` in the platform spec: DNS answers, every redirect hop), or is the operator's `FEDISITE_ORIGIN`.
 * Names are judged by `@sda/netguard`'s one host policy (`canonicalHost` then `hostNameReason`), the webhook guard's.
 */

/**
 * Checks that an instance may be fetched: `https` on the default port, a public IP literal or a valid public domain
 * name, not on `FEDISITE_INSTANCES_DENY`, and on `FEDISITE_INSTANCES_ALLOW` when that list is set.
 * @returns the instance's canonical host name (`normalizeHost`: lower case, A-labels, no trailing dot), the key of
 *   its rate limits and token.
 * @throws ServiceError 422 `instance_not_allowed` with the reason (`details.reason`, `details.instance`).
 */
export function checkInstance(instance: Instance, env: FedisiteEnv): string {
  const url = new URL(instance);
  const host = normalizeHost(url.hostname);
  const reason =
    url.protocol !== "https:"
      ? `${url.host} is not https`
      : url.port !== ""
        ? `${url.host}: only port 443 is fetched`
        : isIP(host) !== 0
          ? forbiddenAddressReason(host)
          : hostNameReason(host);
  const listed = reason
    ? reason
    : matchesHost(env.FEDISITE_INSTANCES_DENY, host)
      ? `${host} is on the operator's deny list`
      : env.FEDISITE_INSTANCES_ALLOW.length > 0 && !matchesHost(env.FEDISITE_INSTANCES_ALLOW, host)
        ? `${host} is not on the operator's allow list`
        : null;
  if (listed)
    throw fail("instance_not_allowed", `instance ${url.host} may not be fetched: ${listed}`, {
      details: { instance: url.host, reason: listed },
    });
  return host;
}
