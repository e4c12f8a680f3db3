export { countField, parseCount, parseIntegerString } from "./compact-count.ts";
export { countryCode, countryName } from "./country.ts";
export { epochSecondsToIso, parseDateLabel, toUtcIso } from "./dates.ts";
export { formatDuration, parseDurationText } from "./duration.ts";
export { type HtmlTextRules, htmlToText } from "./html-text.ts";
export { parseRelativeTime, relativeTimeField } from "./relative-time.ts";
export { parseUserUrl } from "./url.ts";
export { collapseWhitespace } from "./whitespace.ts";
