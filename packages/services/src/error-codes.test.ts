import { platforms, registry } from "@sda/catalog";
import { platformErrorCodes } from "@sda/contract";
import { CORE_ERROR_CODES, type ErrorCodeOwner } from "@sda/core";
import { describe, expect, it } from "vitest";
import {
  composeServiceErrorCodes,
  errorCodes,
  featureErrorCodes,
  type ServiceErrorCode,
} from "./error-codes.ts";

describe("the composed error-code table", () => {
  it("has every code an operation can answer, with a status and a retryability", () => {
    for (const op of registry.operations)
      for (const code of op.errorCodes) {
        expect(Object.hasOwn(errorCodes, code), `${op.id} answers ${code}`).toBe(true);
        expect(errorCodes[code as ServiceErrorCode]).toEqual({
          status: expect.any(Number),
          retryable: expect.any(Boolean),
        });
      }
  });

  it("holds core's, every feature's and every platform's codes as each declares them", () => {
    for (const [code, spec] of Object.entries(CORE_ERROR_CODES))
      expect(errorCodes[code as ServiceErrorCode], code).toEqual(spec);
    for (const { owner, codes } of [...featureErrorCodes, ...platformErrorCodes(platforms)])
      for (const [code, spec] of Object.entries(codes))
        expect(errorCodes[code as ServiceErrorCode], `${owner} ${code}`).toEqual(spec);
    expect(Object.isFrozen(errorCodes)).toBe(true);
  });

  it("is typed by its codes: a code nobody declares does not compile", () => {
    const known: ServiceErrorCode[] = ["insufficient_credits", "video_unavailable", "instance_not_allowed"];
    expect(known.map((code) => errorCodes[code].status)).toEqual([402, 404, 422]);
    // @ts-expect-error no table declares it
    const unknown: ServiceErrorCode = "no_such_code";
    expect(Object.hasOwn(errorCodes, unknown)).toBe(false);
  });

  it("composes a registry's own platforms the same way (a test stack's)", () => {
    expect(composeServiceErrorCodes([])).toEqual(
      Object.fromEntries(Object.entries(errorCodes).filter(([code]) => !platformCode(code))),
    );
  });
});

/** True for a code declared by a platform only (not core's, not a feature's). */
function platformCode(code: string): boolean {
  const owners: readonly ErrorCodeOwner[] = [
    { owner: "core", codes: CORE_ERROR_CODES },
    ...featureErrorCodes,
  ];
  return !owners.some((owner) => Object.hasOwn(owner.codes, code));
}
