/** `videosite.reels-by-audio-id` → `VideositeReelsByAudioId`: component names of an operation's schemas. */
export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

/** `videosite.transcript` → `videositeTranscript`: the stable operationId of a registry operation. */
export function operationId(id: string): string {
  const pascal = pascalCase(id);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/**
 * The default operationId of a service route: its method and the path's fixed segments after `/v1`
 * (`GET /v1/account/usage/daily` → `getAccountUsageDaily`, `DELETE /v1/batch/{batchId}` → `deleteBatch`).
 */
export function serviceOperationId(method: string, path: string): string {
  const fixed = path
    .split("/")
    .filter((segment) => segment && segment !== "v1" && !segment.startsWith("{"))
    .join("-");
  return method.toLowerCase() + pascalCase(fixed);
}
