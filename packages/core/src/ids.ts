import { customAlphabet } from "nanoid";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const random16 = customAlphabet(ALPHABET, 16);
const random40 = customAlphabet(ALPHABET, 40);

/** Prefixes of the service's ids; the prefix tells a reader what an id names (`gw`: a gateway's queue bridge). */
export type IdPrefix = "req" | "job" | "key" | "acct" | "led" | "mon" | "whd" | "bat" | "run" | "gw";

/** A random prefixed id such as `req_3fK9…` (16 base-62 characters, ~95 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${random16()}`;
}

/** The public prefix of every API key; the secret part follows it. */
export const API_KEY_PREFIX = "sda_live_";

/** A new API key secret: {@link API_KEY_PREFIX} + 40 base-62 characters (~238 bits). Shown once, stored hashed. */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${random40()}`;
}

/** 8 random base-62 characters (suffixes of queue prefixes and test names). */
export function randomSuffix(): string {
  return random16().slice(0, 8);
}

/**
 * True for text shaped like an id {@link newId} makes with `prefix` (`mon_` + 16 base-62 characters). Routes check a
 * path id with it before any query, so a hostile segment (a NUL, 5 KB of text) is the resource's 404, never a
 * database error.
 */
export function isServiceId(prefix: IdPrefix, text: string): boolean {
  return (
    text.length === prefix.length + 17 &&
    text.startsWith(`${prefix}_`) &&
    /^[0-9A-Za-z]{16}$/.test(text.slice(-16))
  );
}
