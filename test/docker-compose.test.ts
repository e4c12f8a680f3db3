import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// No Docker engine runs in CI: this keeps docker-compose.yml valid YAML and its `asr` profile wired to the worker.
const root = path.resolve(import.meta.dirname, "..");

describe("docker-compose.yml", () => {
  const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8"), { merge: true });

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
