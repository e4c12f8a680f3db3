import type { OperationContext } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import type { z } from "zod";
import { AppView, type XrpcFailure, type XrpcQuery } from "../client/appview.ts";
import { readAnswer } from "../readers/lexicon.ts";
import { type ListPage, readList } from "./pager.ts";

/** A cursor-paged XRPC query (feeds, account lists, account search) to read one page of. */
export interface QueryList<S extends z.ZodType, T> {
  /** The XRPC method. */
  nsid: string;
  /** Its identity parameters (the actor, post, feed, list or query): also the cursor's binding. */
  query: XrpcQuery;
  /** The answer's shape (its `cursor` is the AppView's continuation). */
  schema: S;
  /** The rows of one answer. */
  rows: (answer: z.output<S>) => T[];
  /** The identity of a row: a row repeated on a later AppView page (a list that moved) is dropped. */
  keyOf: (row: T) => string;
  limit: number;
  cursor: string | undefined;
  /** The 404 of the list's subject, for the AppView's "not found" answers (null: none). */
  missing: (failure: XrpcFailure) => ServiceError | null;
}

/**
 * One page of a cursor-paged XRPC query: `limit` filled from AppView pages behind our signed cursor (see `readList`).
 * @throws ServiceError 400 `invalid_cursor`, `missing()`'s 404, 502 `upstream_*`.
 */
export function readQueryList<S extends z.ZodType, T>(
  ctx: OperationContext,
  list: QueryList<S, T>,
): Promise<ListPage<T>> {
  const appview = new AppView(ctx);
  const identity = Object.entries(list.query).filter(([, v]) => v !== undefined);
  return readList(
    ctx,
    {
      key: JSON.stringify([list.nsid, identity]),
      limit: list.limit,
      cursor: list.cursor,
    },
    async (cursor, size) => {
      const body = await appview.get(
        list.nsid,
        { ...list.query, limit: size, cursor: cursor ?? undefined },
        list.missing,
      );
      const answer = readAnswer(list.schema, body, list.nsid);
      const next = (answer as { cursor?: unknown }).cursor;
      return { items: list.rows(answer), next: typeof next === "string" && next ? next : null };
    },
    list.keyOf,
  );
}
