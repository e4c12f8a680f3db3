import { parseParams } from "@sda/contract";
import { describe, expect } from "vitest";
import { musicTest } from "../../test/fixtures.ts";
import { SYNTHETIC_RELEASE, writePackageStates } from "../../test/synthetic.ts";
import { releasePackagesHandler } from "../operations/release-packages.ts";
import { releasePackagesSpec } from "../spec/release-packages.ts";

// The transitions of one package, on synthetic pages (test/synthetic.ts): the recorded page of Garun Ta Eztarri with
// its Vinyl LP's stock and price rewritten, one state per host. The service's observations are by release and
// package id, so reading the states in turn is what a monitor's runs see.
const STATES = [
  { quantityAvailable: 5, price: 13 },
  { quantityAvailable: 5, price: 13 },
  { quantityAvailable: 0, price: 13 },
  { quantityAvailable: 3, price: 13 },
  { quantityAvailable: 3, price: 15 },
  { quantityAvailable: null, price: 15 },
];

const test = musicTest.extend("replayDirs", { scope: "file" }, async () => [
  await writePackageStates(STATES),
]);

describe("package transitions (synthetic pages)", () => {
  test("new, unchanged, sold out, restocked, price; changedAt moves only on a change", async ({
    contextWith,
  }) => {
    let clock = Date.parse("2026-06-01T00:00:00.000Z");
    const ctx = contextWith({}, { now: () => new Date(clock) });
    const seen: { change: string; changedAt: string; soldOut: boolean; quantityAvailable: number | null }[] =
      [];
    for (const [i] of STATES.entries()) {
      clock += 3_600_000;
      const params = parseParams(releasePackagesSpec.params, {
        url: `https://state${i}.synthetic-label.bandcamp.com${SYNTHETIC_RELEASE.path}`,
      });
      const { data, count } = await releasePackagesHandler(params, ctx);
      expect(count).toBe(1);
      expect(data.releaseId).toBe(SYNTHETIC_RELEASE.releaseId);
      const pkg = data.packages[0];
      if (!pkg) throw new Error("no package");
      expect(pkg.id).toBe(SYNTHETIC_RELEASE.packageId);
      seen.push({
        change: pkg.change,
        changedAt: pkg.changedAt,
        soldOut: pkg.soldOut,
        quantityAvailable: pkg.quantityAvailable,
      });
    }
    const at = (hours: number) =>
      new Date(Date.parse("2026-06-01T00:00:00.000Z") + hours * 3_600_000).toISOString();
    expect(seen).toEqual([
      { change: "new", changedAt: at(1), soldOut: false, quantityAvailable: 5 },
      { change: "new", changedAt: at(1), soldOut: false, quantityAvailable: 5 },
      { change: "soldOut", changedAt: at(3), soldOut: true, quantityAvailable: 0 },
      { change: "restocked", changedAt: at(4), soldOut: false, quantityAvailable: 3 },
      { change: "price", changedAt: at(5), soldOut: false, quantityAvailable: 3 },
      // Unlimited now, same price: the stock count alone is no change of state.
      { change: "price", changedAt: at(5), soldOut: false, quantityAvailable: null },
    ]);
  });
});
