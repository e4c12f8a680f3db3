import { newId } from "@sda/core";
import { maintainPartitions, sqlPool } from "@sda/ledger";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../ledger/test/databases.ts";
import { webhookDeliveryPartitions } from "../src/partitions.ts";
import { newMessageId } from "../src/signing.ts";
import { DeliveryStore } from "../src/store.ts";

// Issue 38: webhook deliveries and their attempts are partitioned by the delivery's month and maintained together.
// The maintenance makes and drops partitions, so this file has a database of its own; its clock is in 2031.

const db = useTestDatabase("webhook_parts");
const store = () => new DeliveryStore(db.prisma);

const maintain = (retentionDays: number, now: string, aheadMonths = 1) =>
  maintainPartitions(sqlPool(db.prisma), [webhookDeliveryPartitions(retentionDays)], {
    aheadMonths,
    now: new Date(now),
  });

/** A delivery made at `createdAt` with `attempts` failed attempts recorded through the store (at the real now). */
async function deliveryAt(createdAt: string, attempts: number): Promise<string> {
  const id = newId("whd");
  await db.prisma.webhookDelivery.create({
    data: {
      id,
      accountId: "acct_parts",
      ownerKind: "monitor",
      ownerId: "mon_parts",
      url: "https://example.test/hook",
      secret: "whsec_x",
      messageId: newMessageId(),
      eventType: "monitor.items",
      body: "{}",
      createdAt: new Date(createdAt),
    },
  });
  for (let attempt = 1; attempt <= attempts; attempt++)
    await store().recordAttempt({
      id,
      attempt,
      replay: false,
      result: { startedAt: new Date(), durationMs: 3, statusCode: 500 },
      verdict: { kind: "retry", delayMs: 10 },
    });
  return id;
}

const partitionOf = async (table: string, column: string, id: string) =>
  (
    await db.prisma.$queryRawUnsafe<{ p: string }[]>(
      `SELECT DISTINCT tableoid::regclass::text AS p FROM ${table} WHERE ${column} = $1`,
      id,
    )
  ).map((r) => r.p);

describe("webhook delivery partitions", () => {
  it("records an attempt in its delivery's month, however late it runs", async () => {
    await maintain(0, "2031-05-15T00:00:00Z", 3);
    const id = await deliveryAt("2031-05-10T00:00:00Z", 2);
    expect(await partitionOf("webhook_attempts", "delivery_id", id)).toEqual(["webhook_attempts_p203105"]);
    expect((await store().get(id))?.attempts.map((a) => a.attempt)).toEqual([1, 2]);
  });

  it("drops a month of deliveries with its attempts once past retention; later months stay whole", async () => {
    const old = await deliveryAt("2031-06-30T23:59:59.999Z", 2);
    const kept = await deliveryAt("2031-07-01T00:00:00Z", 2);
    // Kept 31 days after their end: on 2031-08-20, months ending on or before 2031-07-20 go (June 2031 and older).
    const report = await maintain(31, "2031-08-20T00:00:00Z");
    expect(report.dropped.filter((p) => p.includes("_p2031"))).toEqual([
      "webhook_attempts_p203105",
      "webhook_deliveries_p203105",
      "webhook_attempts_p203106",
      "webhook_deliveries_p203106",
    ]);
    expect(await store().get(old)).toBeNull();
    expect((await store().get(kept))?.attempts).toHaveLength(2);
    const left = await db.prisma.webhookAttempt.count({ where: { deliveryId: old } });
    expect(left).toBe(0);
  });

  it("moves a month's deliveries out of DEFAULT with their attempts when the month is created", async () => {
    const waiting = await deliveryAt("2031-11-05T00:00:00Z", 2);
    expect(await partitionOf("webhook_deliveries", "id", waiting)).toEqual(["webhook_deliveries_default"]);
    const report = await maintain(0, "2031-10-01T00:00:00Z");
    expect(report.moved).toBe(3);
    expect(report.created).toEqual(
      expect.arrayContaining(["webhook_deliveries_p203111", "webhook_attempts_p203111"]),
    );
    expect(await partitionOf("webhook_deliveries", "id", waiting)).toEqual(["webhook_deliveries_p203111"]);
    expect(await partitionOf("webhook_attempts", "delivery_id", waiting)).toEqual([
      "webhook_attempts_p203111",
    ]);
    expect((await store().get(waiting))?.attempts.map((a) => a.attempt)).toEqual([1, 2]);
    // The moved attempts still reference their delivery: deleting it takes them.
    await store().deleteOwned({ kind: "monitor", id: "mon_parts" });
    expect(await db.prisma.webhookAttempt.count({ where: { deliveryId: waiting } })).toBe(0);
  });
});
