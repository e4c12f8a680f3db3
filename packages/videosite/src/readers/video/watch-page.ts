import { stringAt } from "../innertube/json.ts";

/**
 * Finds `name = {…}` in a page's scripts (`var ytInitialData = {…};`, `window["ytInitialData"] = {…};`) and parses
 * the object literal. The end of the object is found by matching braces outside JSON strings, so a `};` inside a
 * title or description cannot cut it short.
 * @returns the parsed object, or null when the assignment is missing or its object is not valid JSON.
 */
export function extractAssignedJson(html: string, name: string): unknown {
  const pattern = new RegExp(`(?:\\b${name}|\\[["']${name}["']\\])\\s*=\\s*\\{`, "g");
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    const start = match.index + match[0].length - 1;
    const end = matchingBrace(html, start);
    if (end === -1) continue;
    try {
      return JSON.parse(html.slice(start, end + 1));
    } catch {
      // Not a JSON literal (e.g. a script that builds the object); try the next assignment.
    }
  }
  return null;
}

/** Index of the `}` closing the `{` at `start`, skipping string contents; -1 when unbalanced. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The two data objects a watch page embeds. */
export interface WatchPageData {
  /** `ytInitialPlayerResponse`: a WEB player answer (with `microformat`); null when absent or of another video. */
  player: unknown;
  /** `ytInitialData`: the same shape as a `/next` answer; null when absent or of another video. */
  initialData: unknown;
}

/**
 * Reads a watch page's HTML. Objects that belong to another video id (a redirect to another video, an interstitial)
 * are dropped, so a wrong page can never fill in another video's fields.
 */
export function readWatchPage(html: string, videoId: string): WatchPageData {
  const player = extractAssignedJson(html, "ytInitialPlayerResponse");
  const initialData = extractAssignedJson(html, "ytInitialData");
  const playerId = stringAt(player, "videoDetails", "videoId");
  const dataId = stringAt(initialData, "currentVideoEndpoint", "watchEndpoint", "videoId");
  return {
    player: player !== null && (playerId === undefined || playerId === videoId) ? player : null,
    initialData: initialData !== null && (dataId === undefined || dataId === videoId) ? initialData : null,
  };
}
