/**
 * Reads a URL as users paste it: with a scheme (`https://…`), or without one when it starts like a host name
 * (`www.instagram.com/p/…`, `youtu.be/abc`), in which case `https://` is assumed.
 * @returns the parsed URL, or null when the input is neither (a bare id, a handle, free text).
 */
export function parseUserUrl(input: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input)
    ? input
    : /^[a-z0-9-]+(\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]|$)/i.test(input)
      ? `https://${input}`
      : null;
  if (!withScheme) return null;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}
