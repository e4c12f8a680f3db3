/**
 * Reading what a user may paste for a Telegram chat or post: `https://t.me/<name>`, `https://t.me/s/<name>`,
 * `t.me/<name>`, `@<name>`, `<name>`; `https://t.me/<name>/<id>`, `t.me/s/<name>/<id>`, `<name>/<id>`. Query strings
 * and fragments are dropped (`?embed=1`, `?single`). Telegram's usernames are 5–32 letters, digits or `_` starting
 * with a letter, compared case-insensitively: the name is kept in lower case, the form every request sends.
 */

/** A public chat (channel or group) by its username, in lower case. */
export interface ChatRef {
  name: string;
  /** True when the value was a t.me link (a bare name or `@name` could name an account of another platform). */
  link: boolean;
}

/** One post of a public chat: the chat's username (lower case) and the post's positive integer id. */
export interface PostRef {
  name: string;
  id: number;
  /** True when the value was a t.me link. */
  link: boolean;
}

/** The outcome of reading a link: a chat, a post, or why it is refused (`code` is the error to answer). */
export type RefParse =
  | { kind: "chat"; ref: ChatRef }
  | { kind: "post"; ref: PostRef }
  | {
      kind: "refused";
      code: "invalid_input" | "private_chat_not_supported";
      message: string;
      /**
       * True when the value is no t.me link (another site, a bare value that is no username): nothing says it was
       * meant for Telegram, so a reader trying every platform's parser (History's `url`) may take it for another's.
       */
      foreign?: true;
    };

const NAME = /^[a-z][a-z0-9_]{4,31}$/i;
/** Post ids: positive integers; 12 digits leave room far above today's largest ids (~10^7). */
const POST_ID = /^[1-9]\d{0,11}$/;
/** The hosts of Telegram's link pages. */
const HOSTS = new Set(["t.me", "www.t.me", "telegram.me", "www.telegram.me"]);
/** t.me paths that are Telegram's own pages, never a chat (stickers, themes, proxies, share dialogs, folders …). */
const SERVICE_PATHS = new Set([
  "addstickers",
  "addemoji",
  "addtheme",
  "addlist",
  "setlanguage",
  "share",
  "proxy",
  "socks",
  "login",
  "confirmphone",
  "invoice",
  "boost",
  "giftcode",
]);

const refused = (message: string): RefParse => ({ kind: "refused", code: "invalid_input", message });
const privateChat = (message: string): RefParse => ({
  kind: "refused",
  code: "private_chat_not_supported",
  message,
});

/** Marks a refusal of a value that is no t.me link as `foreign`. */
const foreign = (parse: RefParse): RefParse =>
  parse.kind === "refused" ? { ...parse, foreign: true } : parse;

/** The path segments of a t.me link (scheme optional), or null when the value is not such a link. */
function linkSegments(value: string): string[] | null | "other" {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "other";
  if (!HOSTS.has(url.hostname.toLowerCase())) return "other";
  const segments: string[] = [];
  for (const part of url.pathname.split("/")) {
    if (part === "") continue;
    try {
      segments.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  return segments;
}

/** Reads `<name>` or `<name>/<id>` segments (after `s/` was dropped). */
function fromSegments(segments: string[], link: boolean): RefParse {
  const [name = "", id, ...rest] = segments;
  if (name.startsWith("+") || name.toLowerCase() === "joinchat")
    return privateChat("invite links of private chats are not supported");
  if (name.toLowerCase() === "c" && id !== undefined)
    return privateChat("links by numeric chat id (t.me/c/…) name private chats, which are not supported");
  if (/^-?\d+$/.test(name))
    return privateChat("numeric chat ids name private chats, which are not supported");
  if (SERVICE_PATHS.has(name.toLowerCase())) return refused(`t.me/${name} is a Telegram page, not a chat`);
  if (!NAME.test(name))
    return refused(
      "not a Telegram username (5–32 letters, digits or _, starting with a letter) or t.me link",
    );
  if (rest.length > 0) return refused("not a t.me link of a chat or of one post");
  if (id === undefined) return { kind: "chat", ref: { name: name.toLowerCase(), link } };
  if (!POST_ID.test(id)) return refused("a post id is a positive integer");
  return { kind: "post", ref: { name: name.toLowerCase(), id: Number(id), link } };
}

/**
 * Reads a chat or post reference.
 * @returns the chat or post; `refused` with `private_chat_not_supported` for invite links and numeric chat ids,
 *   `invalid_input` for anything else that is not a t.me link or a username (another site's URL among them).
 */
export function parseRef(input: string): RefParse {
  const value = input.trim().replace(/[?#].*$/s, "");
  if (!value) return refused("url is empty");
  if (value.startsWith("@")) return foreign(fromSegments([value.slice(1)], false));
  if (value.startsWith("+")) return foreign(privateChat("invite links of private chats are not supported"));
  // A bare `<name>` or `<name>/<id>`: no dot, so no host.
  if (!value.includes(".") && !value.includes(":")) {
    const segments = value.split("/").filter((s) => s !== "");
    if (segments[0] === "s") segments.shift();
    return foreign(segments.length === 0 ? refused("url names no chat") : fromSegments(segments, false));
  }
  const segments = linkSegments(value);
  if (segments === null) return foreign(refused("url is neither a t.me link nor a Telegram username"));
  if (segments === "other") return foreign(refused("url is not a Telegram (t.me) link"));
  if (segments[0] === "s") segments.shift();
  if (segments.length === 0) return refused("the t.me link names no chat");
  return fromSegments(segments, true);
}
