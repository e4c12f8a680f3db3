import { epochSecondsToIso } from "@sda/text";

/**
 * Small values of Telegram's markup, read from attribute and text values (never from markup): background-image URLs
 * in `style`, the `data-view` token, usernames in links, exact counts of landing cards.
 */

/**
 * The URL of a `background-image:url('…')` in a style attribute, made absolute (`//telegram.org/…` → `https:`).
 * @returns the URL, or null when the style names none.
 */
export function backgroundImageOf(style: string | undefined): string | null {
  const raw = /background-image:\s*url\((['"]?)(.*?)\1\)/i.exec(style ?? "")?.[2]?.trim();
  return raw ? absoluteUrl(raw) : null;
}

/** A link as Telegram writes it (`//cdn…`, `/s/durov`, `https://…`) made absolute on `https://t.me`; null for "". */
export function absoluteUrl(href: string | undefined): string | null {
  const value = href?.trim();
  if (!value) return null;
  try {
    return new URL(value, "https://t.me/").toString();
  } catch {
    return null;
  }
}

/** The render token of a post (`data-view`: base64url JSON `{c, p, t, h}`). */
export interface ViewToken {
  /** The chat id, sign dropped (`-1006503122` → `"1006503122"`); null when absent. */
  chatId: string | null;
  /** When Telegram rendered the page (`t`, Unix seconds) as UTC ISO; null when absent. */
  renderedAt: string | null;
}

/**
 * Decodes a `data-view` token.
 * @returns its chat id and render time; null when the token is absent or not base64url JSON of an object.
 */
export function readViewToken(token: string | undefined): ViewToken | null {
  if (!token) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { c, t } = parsed as { c?: unknown; t?: unknown };
  const chat = typeof c === "number" && Number.isSafeInteger(c) ? String(Math.abs(c)) : null;
  return { chatId: chat, renderedAt: epochSecondsToIso(t) };
}

/** The username a `https://t.me/<name>` (or `tg://resolve?domain=<name>`) link names, or null. */
export function usernameOfLink(href: string | undefined): string | null {
  const value = href?.trim() ?? "";
  const resolved = /^tg:\/\/resolve\?(?:.*&)?domain=([A-Za-z][A-Za-z0-9_]{3,31})(?:&|$)/.exec(value)?.[1];
  if (resolved) return resolved;
  const url = absoluteUrl(value);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.hostname !== "t.me" && parsed.hostname !== "telegram.me") return null;
  const [first, second] = parsed.pathname.split("/").filter(Boolean);
  const name = first === "s" ? second : first;
  return name && /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name) ? name : null;
}

/** The post id a `https://t.me/<name>/<id>` link names, or null. */
export function postIdOfLink(href: string | undefined): string | null {
  const url = absoluteUrl(href);
  if (!url) return null;
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  const id = segments.at(-1) ?? "";
  return segments.length >= 2 && /^[1-9]\d*$/.test(id) ? id : null;
}

/**
 * An exact count of a landing card, grouped with spaces: `11 110 268 subscribers` → 11110268, `16 674 members, 362
 * online` → 16674 (and `online` 362).
 * @returns the count, its kind (`subscribers` or `members`), the count as shown, and the online count when shown;
 *   null when the text names neither.
 */
export function readExactCount(
  text: string,
): { value: number; kind: "subscribers" | "members"; label: string; online: number | null } | null {
  const match = /^\s*(\d[\d \u00a0\u202f,.]*?)\s*(subscribers?|members?)\b/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const value = Number(match[1].replace(/\D/g, ""));
  if (!Number.isSafeInteger(value)) return null;
  const online = /(\d[\d \u00a0\u202f,.]*?)\s*online\b/i.exec(text)?.[1];
  return {
    value,
    kind: match[2].toLowerCase().startsWith("member") ? "members" : "subscribers",
    label: match[1].trim(),
    online: online ? Number(online.replace(/\D/g, "")) : null,
  };
}
