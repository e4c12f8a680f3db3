import { type DomNode, type Elements, plainTextOf } from "./html-text.ts";

/** What both a preview header and a landing card show of a chat. */
export interface ChatIdentity {
  /** The username without `@`, else null. */
  username: string | null;
  displayName: string | null;
  verified: boolean;
  avatar: string | null;
  /** Plain text of the description. */
  bio: string | null;
  /** The description's HTML as sent. */
  bioHtml: string | null;
}

/** A description element as `bio` (plain text) and `bioHtml` (as sent); both null when the element is absent. */
export function descriptionOf(description: Elements): Pick<ChatIdentity, "bio" | "bioHtml"> {
  if (description.length === 0) return { bio: null, bioHtml: null };
  return {
    bio: plainTextOf(description.contents().toArray() as DomNode[]) || null,
    bioHtml: description.html()?.trim() ?? null,
  };
}
