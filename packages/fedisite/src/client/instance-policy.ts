import { isIP } from "node:net";
import { matchesHost } from "@sda/core";
import { forbiddenAddressReason } from "@sda/netguard";
import type { FedisiteEnv } from "../env.ts";
import { fedisiteError } from "../errors.ts";
import type { Instance } from "../inputs/links.ts";

/**
 * Which instances may be fetched, judged on the link's host by name, before any request (so a refusal is a 422 of the
 * handler, never billed). The address the request really connects to is judged again by the upstream client's guard
 * (`callerHosts` in the platform spec: DNS answers, every redirect hop), or is the operator's `FEDISITE_ORIGIN`.
 */

/**
 * Special-use names (RFC 6761, RFC 6762, RFC 7686, RFC 8375, ICANN's `.internal`) and single-label names: never a
 * public instance, whatever a resolver answers for them.
 */
const SPECIAL_USE_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "test",
  "invalid",
  "example",
  "onion",
];
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why a host name is not a public instance's name, or null. */
function nameReason(hostname: string): string | null {
  const labels = hostname.replace(/\.$/, "").split(".");
  if (labels.length < 2) return `${hostname} is not a fully qualified domain name`;
  if (!labels.every((label) => LABEL.test(label))) return `${hostname} is not a valid domain name`;
  if (/^\d+$/.test(labels.at(-1) ?? "")) return `${hostname} is not a valid domain name`;
  const suffix = SPECIAL_USE_SUFFIXES.find((s) => hostname === s || hostname.endsWith(`.${s}`));
  return suffix ? `${hostname} is a special-use name (.${suffix})` : null;
}

/**
 * Checks that an instance may be fetched: `https` on the default port, a public IP literal or a valid public domain
 * name, not on `FEDISITE_INSTANCES_DENY`, and on `FEDISITE_INSTANCES_ALLOW` when that list is set.
 * @returns the instance's host name (lower case), the key of its rate limits and token.
 * @throws ServiceError 422 `instance_not_allowed` with the reason (`details.reason`, `details.instance`).
 */
export function checkInstance(instance: Instance, env: FedisiteEnv): string {
  const url = new URL(instance);
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  const reason =
    url.protocol !== "https:"
      ? `${url.host} is not https`
      : url.port !== ""
        ? `${url.host}: only port 443 is fetched`
        : isIP(bare) !== 0
          ? forbiddenAddressReason(bare)
          : nameReason(host);
  const listed = reason
    ? reason
    : matchesHost(env.FEDISITE_INSTANCES_DENY, host)
      ? `${host} is on the operator's deny list`
      : env.FEDISITE_INSTANCES_ALLOW.length > 0 && !matchesHost(env.FEDISITE_INSTANCES_ALLOW, host)
        ? `${host} is not on the operator's allow list`
        : null;
  if (listed)
    throw fedisiteError("instance_not_allowed", `instance ${url.host} may not be fetched: ${listed}`, {
      details: { instance: url.host, reason: listed },
    });
  return host;
}
