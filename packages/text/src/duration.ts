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
