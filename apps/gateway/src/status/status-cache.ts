import type { Logger } from "@sda/core";
import { buildStatus, type SnapshotSources, type StatusDocument } from "./snapshot.ts";

/**
 * The status document, rebuilt at most every `refreshMs` and shared by every caller: under load the page costs one
 * request-log range read and a few Redis reads per refresh, not per call. Concurrent callers of a stale document
 * wait for one rebuild (single flight).
 */
export class StatusCache {
  #document: StatusDocument | null = null;
  #builtAt = 0;
  #building: Promise<StatusDocument> | null = null;

  constructor(
    private readonly sources: SnapshotSources,
    private readonly refreshMs: number,
    private readonly log: Logger,
  ) {}

  /**
   * The current document, rebuilt when older than `refreshMs`.
   * @throws the store's error when Redis or PostgreSQL cannot be read and no document was built yet.
   */
  async get(): Promise<StatusDocument> {
    if (this.#document && Date.now() - this.#builtAt < this.refreshMs) return this.#document;
    this.#building ??= buildStatus(this.sources)
      .then((document) => {
        this.#document = document;
        this.#builtAt = Date.now();
        return document;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, "status snapshot failed");
        throw error;
      })
      .finally(() => {
        this.#building = null;
      });
    return this.#building;
  }
}
