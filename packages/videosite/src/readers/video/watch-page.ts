import { stringAt } from "../innertube/json.ts";

/**
 * Finds `name = {…}` in a page's scripts (`var ytInitialData = {…};`, `window["ytInitialData"] = {…};`) and parses
 * the object literal. Each occurrence of the name is found with `indexOf` (a regular expression with the alternation
 * tested every position of the ~1 MB page); the object's end is first taken at the next `};` (the page's own
 * `…};var meta…` / `…};</script>`), which `JSON.parse` proves right by accepting it (a prefix cut at a `};` inside a
 * title cannot be a complete JSON object), and else found by matching braces outside JSON strings.
 * @returns the parsed object, or null when the assignment is missing or its object is not valid JSON.
 */
export function extractAssignedJson(html: string, name: string): unknown {
  for (let at = html.indexOf(name); at !== -1; at = html.indexOf(name, at + name.length)) {
    const start = objectAfterAssignment(html, at, name);
    if (start === -1) continue;
    const parsed = parseObjectAt(html, start);
    if (parsed !== undefined) return parsed;
  }
  return null;
}

const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * The index of the `{` of `name = {` or `["name"] = {` (either quote) when the name at `at` is assigned an object
 * literal, else -1. A bare name must not continue a longer identifier (`myytInitialData`).
 */
function objectAfterAssignment(html: string, at: number, name: string): number {
  let i = at + name.length;
  const before = at > 0 ? html.charCodeAt(at - 1) : 32;
  if (before === 34 || before === 39) {
    // `["name"]` / `['name']`: the same quote after the name, then `]`, and `[` before the opening quote.
    if (html.charCodeAt(at - 2) !== 91 || html.charCodeAt(i) !== before || html.charCodeAt(i + 1) !== 93)
      return -1;
    i += 2;
  } else if (isWordChar(before) || isWordChar(html.charCodeAt(i))) return -1;
  while (isSpace(html.charCodeAt(i))) i++;
  if (html.charCodeAt(i) !== 61 /* = */) return -1;
  i++;
  while (isSpace(html.charCodeAt(i))) i++;
  return html.charCodeAt(i) === 123 /* { */ ? i : -1;
}

/** The JSON object starting at `start`, or undefined when it is not one. */
function parseObjectAt(html: string, start: number): unknown {
  const end = html.indexOf("};", start);
  if (end !== -1) {
    try {
      return JSON.parse(html.slice(start, end + 1));
    } catch {
      // A `};` inside a string, or no JSON literal: find the end by matching braces.
    }
  }
  const matched = matchingBrace(html, start);
  if (matched === -1) return undefined;
  try {
    return JSON.parse(html.slice(start, matched + 1));
  } catch {
    // Not a JSON literal (e.g. a script that builds the object); try the next assignment.
    return undefined;
  }
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
