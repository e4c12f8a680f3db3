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
