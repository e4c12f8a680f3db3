import { isIP } from "node:net";
import type { ServiceError } from "@sda/core";
import {
  assertPublicHost,
  ForbiddenAddressError,
  forbiddenAddressReason,
  hostNameReason,
  isAllowedHost,
  normalizeHost,
} from "@sda/netguard";
import type { WebhookConfig } from "./config.ts";
import { fail } from "./errors.ts";

/** Longest webhook URL accepted, in characters. */
const MAX_WEBHOOK_URL_LENGTH = 2048;

function invalid(reason: string, param: string): ServiceError {
  return fail("invalid_webhook_url", `webhook URL refused: ${reason}`, {
    details: { param, reason },
  });
}

/**
 * The checks that need no DNS: a parseable absolute URL, `https:` (or `http:` with `WEBHOOK_ALLOW_HTTP`), no
 * credentials, and, when the host is an IP literal, a public address (`@sda/netguard`'s rule: every IANA
 * special-purpose block refused) unless the host is allowlisted. Run again on every enqueue and attempt.
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

/**
 * Submit-time SSRF check of a webhook URL: {@link checkWebhookUrlShape}; then, unless the host is in
 * `WEBHOOK_ALLOWED_HOSTS`, a name must pass `@sda/netguard`'s one host policy before any DNS query (the rule
 * fedisite's instances pass: normalised once, then no single-label or special-use name such as `printer.local.` or
 * `metadata.google.internal`), and every address the host resolves to must be public. The same rule runs again when each attempt connects (the
 * guarded agent of `@sda/netguard`), so a host that later resolves elsewhere (DNS rebinding) is still refused.
 * @param param the request field named in the error (`webhookUrl` by default).
 * @returns the normalised URL (`URL.href`).
 * @throws ServiceError 400 `invalid_webhook_url` with `details.reason`, e.g. `127.0.0.1 is loopback (127.0.0.0/8)`.
 */
export async function validateWebhookUrl(
  url: string,
  config: Pick<WebhookConfig, "allowHttp" | "allowedHosts" | "lookup">,
  param = "webhookUrl",
): Promise<string> {
  const parsed = checkWebhookUrlShape(url, config, param);
  const host = normalizeHost(parsed.hostname);
  const nameReason = isIP(host) === 0 && !isAllowedHost(config, host) ? hostNameReason(host) : null;
  if (nameReason) throw invalid(nameReason, param);
  try {
    await assertPublicHost(parsed.hostname, config);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw invalid(error.message, param);
    throw error;
  }
  return parsed.href;
}
