import { isIP } from "node:net";
import { domainToASCII } from "node:url";

/**
 * One host policy by name, shared by every caller-chosen host (a Mastodon instance, a webhook receiver): the name is
 * normalised once by {@link canonicalHost}, then judged by {@link hostNameReason}. Issue 34 #3: a rule that stripped
 * the trailing dot for one test but not the next let `metadata.google.internal.` and `foo.local。` through.
 */

/**
 * Dots that UTS #46 maps to `.` (ideographic full stop U+3002, full-width full stop U+FF0E, half-width ideographic
 * full stop U+FF61). The WHATWG URL parser maps them too; a host read from elsewhere (a list, a handle) may still
 * hold them.
 */
const UNICODE_DOTS = /[\u3002\uff0e\uff61]/g;

/**
 * The one form a host is judged and compared in: trimmed, IPv6 brackets dropped, IP literals as written (lower case),
 * names mapped by IDNA (UTS #46 through the WHATWG URL parser's `domainToASCII`: case folded, full-width and
 * ideographic dots mapped, Unicode labels to `xn--` A-labels) and without trailing dots (`a.test.` and `a.test` are
 * one DNS name, RFC 1034 §3.1).
 * @param host a URL's `hostname`, a list entry or a bare name, in any case.
 * @returns the canonical host, or `""` when the name is not a valid IDNA domain name (forbidden code points, a
 *   label that does not map).
 */
export function canonicalHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const bare = trimmed.startsWith("[") && trimmed.endsWith("]") ? trimmed.slice(1, -1) : trimmed;
  if (isIP(bare) !== 0) return bare;
  const ascii = domainToASCII(bare.replace(UNICODE_DOTS, "."));
  return ascii.replace(/\.+$/, "");
}

/**
 * Special-use names (RFC 6761, RFC 6762, RFC 7686, RFC 8375, ICANN's `.internal`): never a public host, whatever a
 * resolver answers for them.
 */
const SPECIAL_USE_SUFFIXES: readonly string[] = [
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "test",
  "invalid",
  "example",
  "onion",
];

/** What `localhost` names are (RFC 6761 §6.3): the loopback addresses, whatever a resolver answers. */
const LOOPBACK_NAME = "always loopback, 127.0.0.1 and ::1";

/** An LDH label (RFC 1123 §2.1, RFC 5891 A-labels included), 1–63 characters, no hyphen at either end. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Why a host name is not a public host's name, or null. The name is canonicalised first ({@link canonicalHost}),
 * so trailing dots, case, Unicode and full-width dots cannot move it past a rule. IP literals are not judged here
 * (`forbiddenAddressReason` does that).
 * @param host any form of the name (a URL's `hostname`, a list entry).
 * @returns e.g. `intranet is not a fully qualified domain name`, `printer.local is a special-use name (.local)`,
 *   `localhost is a special-use name (.localhost, always loopback, 127.0.0.1 and ::1)`, `a..b is not a valid domain
 *   name`.
 */
export function hostNameReason(host: string): string | null {
  const name = canonicalHost(host);
  if (name === "") return `${host.trim()} is not a valid domain name`;
  const labels = name.split(".");
  if (!labels.every((label) => LABEL.test(label))) return `${name} is not a valid domain name`;
  const suffix = SPECIAL_USE_SUFFIXES.find((s) => name === s || name.endsWith(`.${s}`));
  if (suffix === "localhost") return `${name} is a special-use name (.localhost, ${LOOPBACK_NAME})`;
  if (suffix) return `${name} is a special-use name (.${suffix})`;
  if (labels.length < 2) return `${name} is not a fully qualified domain name`;
  if (/^\d+$/.test(labels.at(-1) ?? "")) return `${name} is not a valid domain name`;
  return null;
}
