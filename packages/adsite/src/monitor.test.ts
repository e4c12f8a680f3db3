import { describe, expect, it } from "vitest";
import { adChanges, adVersion } from "./monitor.ts";

// The monitor rule's keyed views and its choice among a run's fresh views (the monitors' seen-set diff itself is
// tested over HTTP in test/adsite-http.test.ts).

const rule = adChanges("ads");
const ad = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  isActive: true,
  format: "IMAGE",
  variants: 1,
  platforms: ["FACEBOOK"],
  creative: { body: "text", images: ["https://scontent.example.net/v/1_n.jpg?oh=a&oe=1"] },
  political: null,
  lastShownAt: "2026-10-05",
  daysShown: 3,
  ...extra,
});
const keys = (data: unknown) => rule.items(data).map((item) => rule.itemId(item));

describe("adChanges", () => {
  it("lists the id, the version and (inactive only) the stopped view of each ad", () => {
    const version = adVersion(ad("1"));
    expect(keys({ ads: [ad("1"), ad("2", { isActive: false })] })).toEqual([
      "1",
      `1#v:${version}`,
      "2",
      `2#v:${adVersion(ad("2"))}`,
      "2#stopped",
    ]);
    expect(keys({})).toEqual([]);
  });

  it("ignores the daily fields and re-signed media links; a new text or variant count is a new version", () => {
    const base = adVersion(ad("1"));
    expect(adVersion(ad("1", { lastShownAt: "2026-10-06", daysShown: 4 }))).toBe(base);
    expect(
      adVersion(
        ad("1", { creative: { body: "text", images: ["https://scontent.other.net/v/1_n.jpg?oh=b&oe=2"] } }),
      ),
    ).toBe(base);
    expect(adVersion(ad("1", { creative: { body: "new text", images: [] } }))).not.toBe(base);
    expect(adVersion(ad("1", { variants: 2 }))).not.toBe(base);
  });

  it("delivers one view per ad: new before stopped before changed, in answer order", () => {
    const views = rule.items({ ads: [ad("1"), ad("2", { isActive: false }), ad("3", { isActive: false })] });
    const fresh = views.filter((view) => {
      const id = rule.itemId(view);
      // 1: unseen; 2: seen active (its stopped view and a new version are fresh); 3: only a new version is fresh.
      return (
        id === "1" ||
        id?.startsWith("1#") ||
        id === "2#stopped" ||
        id?.startsWith("2#v") ||
        id?.startsWith("3#v")
      );
    });
    const chosen = rule.deliverable?.(fresh) as { id: string; change: string }[];
    expect(chosen.map((item) => [item.id, item.change])).toEqual([
      ["1", "new"],
      ["2", "stopped"],
      ["3", "changed"],
    ]);
  });
});
