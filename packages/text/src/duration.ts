/**
 * Formats a duration the way the platform shows it under a thumbnail: `m:ss` below an hour, `h:mm:ss` from an hour.
 * @param totalSeconds whole seconds (negative or fractional input is floored at 0).
 * @returns e.g. "0:11", "12:01", "1:02:03".
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * Reads a clock-style duration as the platform prints it under a thumbnail ("0:11", "12:01", "1:07:34").
 * @returns whole seconds, or null for anything else ("LIVE", "SHORTS", "Upcoming", empty).
 */
export function parseDurationText(text: string | null | undefined): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text?.trim() ?? "");
  if (!match) return null;
  const [, h, m, s] = match;
  if (Number(s) >= 60 || (h !== undefined && Number(m) >= 60)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}
