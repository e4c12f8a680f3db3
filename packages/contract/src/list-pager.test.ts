import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { type Collected, fillFromPages as collectPages, type UpstreamPage } from "./list-pager.ts";

// Three upstream pages of 5, 0 and 4 items, as an in-memory stand-in for continuation answers.
const pages: Record<string, UpstreamPage<number>> = {
  first: { items: [1, 2, 3, 4, 5], next: "b" },
  b: { items: [], next: "c" },
  c: { items: [6, 7, 8, 9], next: null },
};
const fetchPage = async (token: string | null) => pages[token ?? "first"] as UpstreamPage<number>;

describe("collectPages", () => {
  it("walks every item exactly once whatever the page size of our API", async () => {
    for (const limit of [1, 2, 3, 5, 6, 9, 20]) {
      const seen: number[] = [];
      let position: { token: string | null; index: number } | null = { token: null, index: 0 };
      while (position) {
        const page: Collected<number> = await collectPages(position, limit, fetchPage, 10);
        seen.push(...page.items);
        position = page.next;
      }
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });

  it("stops inside an upstream page and resumes there", async () => {
    const first = await collectPages({ token: null, index: 0 }, 3, fetchPage, 10);
    expect(first).toEqual({ items: [1, 2, 3], next: { token: null, index: 3 }, pagesFetched: 1 });
    const second = await collectPages(first.next ?? { token: null, index: 0 }, 3, fetchPage, 10);
    expect(second.items).toEqual([4, 5, 6]);
    expect(second.next).toEqual({ token: "c", index: 1 });
  });

  it("points at the next unread page when the page budget runs out", async () => {
    const page = await collectPages({ token: null, index: 0 }, 9, fetchPage, 2);
    expect(page).toEqual({ items: [1, 2, 3, 4, 5], next: { token: "c", index: 0 }, pagesFetched: 2 });
  });

  it("returns what it read when a later upstream page fails retryably, and resumes at that page", async () => {
    const throttled = new ServiceError("upstream_rate_limited", "429");
    const flaky = async (token: string | null) => {
      if (token === "c") throw throttled;
      return fetchPage(token);
    };
    const page = await collectPages({ token: null, index: 0 }, 9, flaky, 10);
    expect(page).toEqual({
      items: [1, 2, 3, 4, 5],
      next: { token: "c", index: 0 },
      pagesFetched: 2,
      interruptedBy: throttled,
    });
    await expect(collectPages({ token: "c", index: 0 }, 9, flaky, 10)).rejects.toBe(throttled);
    const broken = async (token: string | null) => {
      if (token === "c") throw new ServiceError("invalid_cursor", "not retryable");
      return fetchPage(token);
    };
    await expect(collectPages({ token: null, index: 0 }, 9, broken, 10)).rejects.toThrow("not retryable");
  });

  it("drops an item repeated across upstream pages (keyOf), counts it as read, and marks the result stale", async () => {
    const shifted: Record<string, UpstreamPage<number>> = {
      first: { items: [1, 2, 3], next: "b" },
      b: { items: [3, 4, 5], next: null },
    };
    const fetchShifted = async (token: string | null) => shifted[token ?? "first"] as UpstreamPage<number>;
    const page = await collectPages({ token: null, index: 0 }, 4, fetchShifted, 10, { keyOf: String });
    expect(page).toEqual({
      items: [1, 2, 3, 4],
      next: { token: "b", index: 2 },
      pagesFetched: 2,
      stale: true,
    });
    const rest = await collectPages(page.next ?? { token: null, index: 0 }, 4, fetchShifted, 10, {
      keyOf: String,
    });
    expect(rest).toEqual({ items: [5], next: null, pagesFetched: 1 });
  });

  it("consumes repeats that directly follow the last item taken, so the next call does not return them", async () => {
    const shifted: Record<string, UpstreamPage<number>> = {
      first: { items: [1, 2], next: "b" },
      b: { items: [2, 3, 3, 4], next: null },
    };
    const fetchShifted = async (token: string | null) => shifted[token ?? "first"] as UpstreamPage<number>;
    const page = await collectPages({ token: null, index: 0 }, 3, fetchShifted, 10, { keyOf: String });
    expect(page).toEqual({ items: [1, 2, 3], next: { token: "b", index: 3 }, pagesFetched: 2, stale: true });
  });

  it("ends the list instead of looping when a continuation does not move, and passes a page's stale mark on", async () => {
    const stuck = async (token: string | null): Promise<UpstreamPage<number>> =>
      token === null ? { items: [1, 2], next: "same", stale: true } : { items: [3], next: "same" };
    const page = await collectPages({ token: null, index: 0 }, 10, stuck, 10);
    expect(page).toEqual({ items: [1, 2, 3], next: null, pagesFetched: 2, stale: true });
  });
});
