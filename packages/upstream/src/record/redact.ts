/**
 * What a recording must never keep (issue 14): cookies, authorization, tokens and session fields, in request headers,
 * query, body, response headers and JSON response bodies. The value becomes {@link REDACTED}; the name stays, so the
 * recording still shows what was sent.
 */

/** The replacement of every secret value. */
export const REDACTED = "REDACTED";

/** Header names whose values are secrets. */
const SECRET_HEADER =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-csrftoken|x-ig-www-claim|x-fb-lsd|x-goog-visitor-id|x-youtube-identity-token|x-client-data)$|token|session|secret|password|api-key/i;
/** Query, form and JSON field names whose values are secrets. */
const SECRET_FIELD =
  /^(access_token|refresh_token|id_token|token|csrftoken|csrf_token|sessionid|session_id|fb_dtsg|lsd|jazoest|visitorData|poToken|pot|password|client_secret|ds_user_id|authorization)$/i;

/** True for a header whose value is a secret. */
export const isSecretHeader = (name: string) => SECRET_HEADER.test(name);
/**
 * True for a field (query, form, JSON key) whose value is a secret: a service-wide secret name, or one of `extra`
 * (the platform's own, its recording rule's `secretFields`).
 */
export const isSecretField = (name: string, extra: readonly string[] = []) =>
  SECRET_FIELD.test(name) || extra.includes(name);

/** The headers with secret values redacted (multi-valued headers become one entry per value). */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value])
      out.push({ name, value: isSecretHeader(name) ? REDACTED : one });
  }
  return out;
}

/** A URL with secret query values redacted (`extra`: the platform's own secret field names). */
export function redactUrl(url: string, extra: readonly string[] = []): string {
  const parsed = new URL(url);
  let changed = false;
  for (const name of [...new Set(parsed.searchParams.keys())])
    if (isSecretField(name, extra)) {
      parsed.searchParams.set(name, REDACTED);
      changed = true;
    }
  return changed ? parsed.toString() : url;
}

/** Redacts secret keys anywhere in a JSON value, in place. @returns true when something was redacted. */
function redactJsonValue(value: unknown, extra: readonly string[]): boolean {
  if (value === null || typeof value !== "object") return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const item of value) changed = redactJsonValue(item, extra) || changed;
    return changed;
  }
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    if (isSecretField(key, extra) && typeof inner === "string") {
      record[key] = REDACTED;
      changed = true;
    } else changed = redactJsonValue(inner, extra) || changed;
  }
  return changed;
}

/**
 * A body text with its secrets redacted: a JSON text (re-serialised only when something was redacted), or a form
 * body (fields redacted; JSON-valued fields redacted inside). Other texts are returned as they are.
 * @param extra the platform's own secret field names (its recording rule's `secretFields`).
 * @returns the text and whether it was changed (the entry then says so in `_edited`).
 */
export function redactBody(text: string, extra: readonly string[] = []): { text: string; edited: boolean } {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return redactJsonValue(parsed, extra)
        ? { text: JSON.stringify(parsed), edited: true }
        : { text, edited: false };
    } catch {
      return { text, edited: false };
    }
  }
  if (!/^[^\s=&]+=[^\s]*$/.test(trimmed)) return { text, edited: false };
  const form = new URLSearchParams(trimmed);
  let edited = false;
  for (const [name, value] of [...form]) {
    if (isSecretField(name, extra)) {
      form.set(name, REDACTED);
      edited = true;
    } else if (value.startsWith("{")) {
      const inner = redactBody(value, extra);
      if (inner.edited) {
        form.set(name, inner.text);
        edited = true;
      }
    }
  }
  return edited ? { text: form.toString(), edited } : { text, edited: false };
}
