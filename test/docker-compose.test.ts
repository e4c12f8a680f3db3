import { readFileSync } from "node:fs";
import path from "node:path";
import { platforms } from "@sda/catalog";
import { loadServiceEnv } from "@sda/services/env";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// No Docker engine runs in CI: this keeps docker-compose.yml valid YAML, its platform variables generic (one env
// file, no platform named in the compose file) and its `asr` profile wired to the worker.
const root = path.resolve(import.meta.dirname, "..");

describe("docker-compose.yml", () => {
  const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true });

  const appServices = ["migrate", "gateway", "worker"] as const;

  it("passes every platform variable through one optional env file, so a new platform needs no compose edit", () => {
    for (const name of appServices) {
      const service = compose.services[name];
      expect(service.env_file, name).toEqual([{ path: "./platforms.env", required: false }]);
      // No platform is named in the compose file: a variable set there would shadow the env file's.
      const named = Object.keys(service.environment).filter((variable) =>
        platforms.some((p) => variable.startsWith(`${p.name.toUpperCase()}_`)),
      );
      expect(named, name).toEqual([]);
    }
    const text = readFileSync(path.join(root, "docker-compose.yml"), "utf8");
    for (const platform of platforms) expect(text, platform.name).not.toContain(platform.name.toUpperCase());
  });

  it("a service's environment plus an env file of every platform's origin parses as the service's configuration", () => {
    const fromFile = Object.fromEntries(
      platforms.map((p) => [p.originVariable, `http://replay.internal:8080`]),
    );
    // The compose values use `${VAR:-default}` interpolation: take the defaults, as `docker compose` does unset.
    const fromCompose = Object.fromEntries(
      Object.entries(compose.services.worker.environment as Record<string, string>).map(([k, v]) => [
        k,
        String(v).replace(/^\$\{[A-Z_]+:-(.*)\}$/, "$1"),
      ]),
    );
    const config = loadServiceEnv({ ...fromFile, ...fromCompose });
    for (const platform of platforms)
      expect(config[platform.originVariable], platform.name).toBe("http://replay.internal:8080");
  });

  it("has an optional asr profile (speaches) whose model download the worker waits for", () => {
    expect(compose.services.asr.profiles).toEqual(["asr"]);
    expect(compose.services.asr.image).toMatch(/^ghcr\.io\/speaches-ai\/speaches:/);
    expect(compose.services["asr-model"].profiles).toEqual(["asr"]);
    expect(compose.services.worker.profiles).toBeUndefined();
    expect(compose.services.worker.depends_on["asr-model"]).toMatchObject({ required: false });
    expect(compose.services.worker.environment.ASR_FAST_BASE_URL).toMatch(/^\$\{ASR_FAST_BASE_URL:-\}$/);
  });

  it("asr.env turns the profile on and points ASR_FAST_BASE_URL at the asr service", () => {
    const env = Object.fromEntries(
      readFileSync(path.join(root, "asr.env"), "utf8")
        .split("\n")
        .filter((line) => line && !line.startsWith("#"))
        .map((line) => line.split("=", 2)),
    );
    expect(env).toMatchObject({ COMPOSE_PROFILES: "asr", ASR_FAST_BASE_URL: "http://asr:8000/v1" });
  });
});
