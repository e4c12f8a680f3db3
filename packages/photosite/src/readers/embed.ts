import { type JsonView, view } from "./json-view.ts";

/**
 * The embed page's media object. The page (`/p/<code>/embed/captioned/`, served logged out) carries it as
 * `"contextJSON":"<JSON text>"` → `gql_data.shortcode_media` (or `context.media`). A body that is already that JSON
 * object (the corpus stores the extracted object, README §5.5) is read directly.
 */
export function readEmbedBody(body: string): JsonView | null {
  const trimmed = body.trimStart();
  if (trimmed.startsWith("{")) {
    try {
      const parsed = view(JSON.parse(trimmed));
      const media = firstObject(
        parsed.at("gql_data", "shortcode_media"),
        parsed.at("shortcode_media"),
        parsed,
      );
      return media.text("shortcode") ? media : null;
    } catch {
      return null;
    }
  }
  const start = body.indexOf('"contextJSON":"');
  if (start < 0) return null;
  // The value is a JSON string literal: find its closing quote (skipping escapes), decode it, then parse its text.
  let end = start + 15;
  while (end < body.length && body[end] !== '"') end += body[end] === "\\" ? 2 : 1;
  try {
    const context = view(JSON.parse(JSON.parse(`"${body.slice(start + 15, end)}"`) as string));
    const media = firstObject(context.at("gql_data", "shortcode_media"), context.at("context", "media"));
    return media.isObject() ? media : null;
  } catch {
    return null;
  }
}

function firstObject(...candidates: JsonView[]): JsonView {
  return candidates.find((c) => c.isObject()) ?? view(undefined);
}
