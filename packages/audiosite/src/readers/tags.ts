/**
 * SoundCloud's `tag_list`: one string of tags separated by spaces, multi-word tags in double quotes (`"Electronic
 * Rock" Rap`, sometimes with a stray space inside the quotes), and machine tags `namespace:key=value`
 * (`soundcloud:source=android-record`), which are not tags a person chose.
 */

/** The tags and machine tags of a `tag_list`. */
export interface TagList {
  /** Tags in the given order, quotes removed, trimmed, without empties or repeats. */
  tags: string[];
  /** `ns:key=value` tokens, as written. */
  machineTags: string[];
}

/** A machine tag (`ns:key=value`), per SoundCloud's (and Flickr's) triple-tag syntax. */
const MACHINE_TAG = /^[A-Za-z_][\w-]*:[\w-]+=.*$/;

/** Splits a `tag_list` on spaces outside double quotes (see the module comment). */
export function readTagList(value: unknown): TagList {
  const tags: string[] = [];
  const machineTags: string[] = [];
  if (typeof value !== "string") return { tags, machineTags };
  const tokens: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of value) {
    if (char === '"') {
      quoted = !quoted;
      continue;
    }
    if (!quoted && /\s/.test(char)) {
      tokens.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  tokens.push(current);
  for (const raw of tokens) {
    const token = raw.trim().replace(/\s+/g, " ");
    if (!token) continue;
    const list = MACHINE_TAG.test(token) ? machineTags : tags;
    if (!list.includes(token)) list.push(token);
  }
  return { tags, machineTags };
}
