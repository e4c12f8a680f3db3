import type { EnvSource } from "@sda/core";

/**
 * The webhook settings the demo runs its gateway and worker with, so its monitors and batches can deliver to the
 * demo's own inbox (`http://127.0.0.1:<DEMO_INBOX_PORT>`): `http://` allowed and 127.0.0.1 added to the SSRF
 * allowlist. Production keeps both off (https only, public addresses only). A value the user set is kept
 * (`WEBHOOK_ALLOW_HTTP`) or extended (`WEBHOOK_ALLOWED_HOSTS`). The README test runs its stack with the same.
 */
export function demoWebhookEnv(user: EnvSource): Record<string, string> {
  const hosts = new Set(
    (user.WEBHOOK_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
  );
  hosts.add("127.0.0.1");
  return {
    WEBHOOK_ALLOW_HTTP: user.WEBHOOK_ALLOW_HTTP ?? "true",
    WEBHOOK_ALLOWED_HOSTS: [...hosts].join(","),
  };
}

/**
 * The database the demo runs on. DATABASE_URL when the user set it (then it is theirs: kept on exit); otherwise a
 * database of the demo's own, `sda_demo_<suffix>` on the server of the configured URL, which the demo creates,
 * migrates and drops on exit, so demo accounts, keys, monitors and batches never pile up in the service's `sda`
 * database nor outlive the demo (a monitor left active there would be scheduled again by the next worker).
 * @returns `url` to run on and `own` (true: drop it on exit).
 */
export function demoDatabase(
  user: EnvSource,
  configuredUrl: string,
  suffix: string,
): { url: string; own: boolean } {
  if (user.DATABASE_URL) return { url: configuredUrl, own: false };
  const url = new URL(configuredUrl);
  url.pathname = `/sda_demo_${suffix}`;
  return { url: url.toString(), own: true };
}
