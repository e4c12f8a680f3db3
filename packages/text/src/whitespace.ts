/**
 * Collapses every run of whitespace (spaces, tabs, line breaks, no-break and narrow no-break spaces) to one space and
 * trims the ends. Caption cues use it (manual tracks break long lines with `\n`) and so do link labels, whose text the
 * platform pads with no-break spaces.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
