import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { linkSignals } from "./abort.ts";

/** The `abort` listeners on a signal. */
const abortListeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

describe("linkSignals", () => {
  it("aborts with the first aborting input's reason, and at once when an input has already aborted", () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, undefined, b.signal);
    expect(linked.signal.aborted).toBe(false);
    b.abort(new Error("b"));
    a.abort(new Error("a"));
    expect(linked.signal.reason).toEqual(new Error("b"));
    const early = linkSignals(new AbortController().signal, AbortSignal.abort("gone"));
    expect(early.signal.aborted).toBe(true);
    expect(early.signal.reason).toBe("gone");
  });

  it("leaves nothing on a long-lived input once disposed, however many times it is linked", () => {
    const shutdown = new AbortController();
    for (let i = 0; i < 1000; i++) {
      const linked = linkSignals(shutdown.signal, AbortSignal.timeout(60_000));
      linked.dispose();
      linked.dispose();
    }
    expect(abortListeners(shutdown.signal)).toBe(0);
    // The shutdown still reaches a signal linked now.
    const linked = linkSignals(shutdown.signal);
    shutdown.abort(new Error("stopping"));
    expect(linked.signal.reason).toEqual(new Error("stopping"));
    expect(abortListeners(shutdown.signal)).toBe(0);
  });
});
