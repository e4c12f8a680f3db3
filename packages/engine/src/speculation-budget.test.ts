import { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { SpeculationBudget } from "./speculation.ts";

// Which calls speculate: only on a balance seen in the last 30 s that covers twice the account's speculative holds
// in flight, this call's included, while the ledger answers. Everything else (an unseen account, a stale or short
// balance, a store outage) goes the serial way.

function budget() {
  let now = 1_000_000;
  const b = new SpeculationBudget(() => now);
  return { b, advance: (ms: number) => (now += ms) };
}

describe("SpeculationBudget", () => {
  it("an account never seen, or seen more than 30 s ago, goes the serial way", () => {
    const { b, advance } = budget();
    expect(b.admit("acct_a", 1)).toBeNull();
    b.observe("acct_a", 100);
    expect(b.admit("acct_a", 1)).not.toBeNull();
    advance(30_001);
    expect(b.admit("acct_a", 1)).toBeNull();
  });

  it("admits while the seen balance covers twice the holds in flight; done() gives a call's credits back once", () => {
    const { b } = budget();
    b.observe("acct_a", 10);
    const admitted = Array.from({ length: 5 }, () => b.admit("acct_a", 1));
    expect(admitted.every((done) => done !== null)).toBe(true);
    expect(b.admit("acct_a", 1)).toBeNull();
    admitted[0]?.();
    admitted[0]?.();
    expect(b.admit("acct_a", 1)).not.toBeNull();
    expect(b.admit("acct_a", 1)).toBeNull();
    // Other accounts have budgets of their own.
    expect(b.admit("acct_b", 1)).toBeNull();
  });

  it("a balance too small for twice the call's hold goes the serial way", () => {
    const { b } = budget();
    b.observe("acct_a", 9);
    expect(b.admit("acct_a", 5)).toBeNull();
    expect(b.admit("acct_a", 4)).not.toBeNull();
  });

  it("a reservation that failed for a store reason stops every speculation until a reservation succeeds", () => {
    const { b } = budget();
    b.observe("acct_a", 100);
    b.reservationSettled(new ServiceError("insufficient_credits", "no"));
    expect(b.admit("acct_a", 1)).not.toBeNull();
    b.reservationSettled(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    expect(b.admit("acct_a", 1)).toBeNull();
    b.reservationSettled();
    expect(b.admit("acct_a", 1)).not.toBeNull();
  });
});
