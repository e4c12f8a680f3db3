import { describe, expect, it } from "vitest";
import { isStoreUnreachable } from "./unreachable.ts";

describe("isStoreUnreachable", () => {
  it("tells a store that is away or failing over from a bug", () => {
    for (const message of [
      "connect ECONNREFUSED 127.0.0.1:6379",
      "Connection is closed.",
      "CLUSTERDOWN The cluster is down",
      "TRYAGAIN Multiple keys request during rehashing of slot",
      "LOADING Redis is loading the dataset in memory",
      "READONLY You can't write against a read only replica.",
      "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
      "Cluster isn't ready and enableOfflineQueue options is false",
      "Failed to refresh slots cache.",
      "None of startup nodes is available",
      "Connection terminated unexpectedly",
    ])
      expect(isStoreUnreachable(new Error(message)), message).toBe(true);
    expect(isStoreUnreachable({ cause: new Error("CLUSTERDOWN The cluster is down") })).toBe(true);
    for (const message of [
      "Cannot read properties of undefined",
      "ERR wrong number of arguments",
      "a READONLY flag",
    ])
      expect(isStoreUnreachable(new Error(message)), message).toBe(false);
  });
});
