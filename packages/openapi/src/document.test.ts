import { registry } from "@sda/catalog";
import { component, listPage, timestamp } from "@sda/contract";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { buildOpenApi } from "./document.ts";
import { operationId, serviceOperationId } from "./names.ts";

// biome-ignore lint/suspicious/noExplicitAny: reads the generated JSON freely
type Json = Record<string, any>;

const doc = buildOpenApi({ registry }) as unknown as Json;

/** Every value of a JSON tree. */
function* walk(value: unknown): Generator<Json> {
  if (Array.isArray(value)) for (const item of value) yield* walk(item);
  else if (value && typeof value === "object") {
    yield value as Json;
    for (const inner of Object.values(value)) yield* walk(inner);
  }
}

describe("the OpenAPI document of the registry", () => {
  test("gives every operation a unique camelCase operationId derived from its id", () => {
    const ids = registry.operations.map((op) => doc.paths[op.path].get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths["/v1/videosite/transcript"].get.operationId).toBe("videositeTranscript");
    expect(operationId("photosite.reels-by-audio-id")).toBe("photositeReelsByAudioId");
    expect(serviceOperationId("get", "/v1/account/usage/daily")).toBe("getAccountUsageDaily");
  });

  test("documents 200 (the output in the envelope), 202 (the job handle) and the errors of every operation", () => {
    for (const op of registry.operations) {
      const responses = doc.paths[op.path].get.responses;
      const ok = responses["200"].content["application/json"].schema.$ref as string;
      const envelope = doc.components.schemas[ok.split("/").pop() as string];
      expect(envelope.properties.success).toEqual({ type: "boolean", const: true });
      expect(envelope.properties.data.$ref).toMatch(/^#\/components\/schemas\//);
      expect(responses["202"]).toEqual({ $ref: "#/components/responses/Accepted" });
      for (const status of ["400", "401", "402", "404", "422", "429", "502"])
        expect(responses[status].content["application/json"].schema.$ref).toMatch(/Error$/);
      expect(responses["200"].headers).toHaveProperty("X-Service-Credits");
      expect(responses["200"].headers).toHaveProperty("RateLimit-Remaining");
    }
  });

  test("closes each operation's error codes: the call codes, its platform's own, its pipeline's", () => {
    const codes = (name: string): string[] =>
      doc.components.schemas[name].allOf[1].properties.error.properties.code.enum;
    expect(codes("VideositeTranscriptError")).toEqual(
      expect.arrayContaining([
        "no_captions",
        "language_not_available",
        "video_unavailable",
        "invalid_api_key",
      ]),
    );
    expect(codes("ForumsitePostDetailsError")).toContain("post_not_found");
    expect(codes("ForumsitePostDetailsError")).not.toContain("no_captions");
  });

  test("describes every parameter, with its default and bounds", () => {
    for (const path of Object.values(doc.paths) as Json[])
      for (const operation of Object.values(path) as Json[])
        for (const parameter of operation.parameters ?? []) expect(parameter.description).toBeTruthy();
    const limit = doc.paths["/v1/videosite/comments"].get.parameters.find((p: Json) => p.name === "limit");
    expect(limit.description).toContain("Default: `50` items.");
    expect(limit.description).toContain("Maximum: 500.");
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 500 });
  });

  test("publishes open objects; the closed form used by tests refuses unlisted fields", () => {
    expect([...walk(doc)].some((node) => node.additionalProperties === false)).toBe(false);
    const closed = buildOpenApi({ registry, openness: "closed" });
    expect([...walk(closed)].some((node) => node.additionalProperties === false)).toBe(true);
  });

  test("names a shared shape once and references it wherever it is used", () => {
    const item = component("DocTestItem", z.object({ at: timestamp }), "an item");
    const page = listPage("items", item);
    const op = {
      ...registry.operations[0],
      id: "doctest.items",
      path: "/v1/doctest/items",
      output: page,
    } as (typeof registry.operations)[number];
    const built = buildOpenApi({
      registry: { ...registry, operations: [op] },
    }) as unknown as Json;
    expect(built.components.schemas.DocTestItem.properties.at).toEqual({
      $ref: "#/components/schemas/Timestamp",
    });
    expect(built.components.schemas.Timestamp.pattern).toBe(
      "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$",
    );
  });
});
