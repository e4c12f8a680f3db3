import { createHash } from "node:crypto";
import { API_KEY_PREFIX } from "@sda/core";

/** SHA-256 hex of an API key secret: the only form in which keys are stored. */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** The displayable start of a key (`sda_live_AbCd`), enough to tell keys apart in a list. */
export function keyStart(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 4);
}
