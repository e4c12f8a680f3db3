import { createHmac, timingSafeEqual } from "node:crypto";
import { ServiceError } from "@sda/core";

/**
 * Opaque list cursors. A cursor is `base64url(JSON payload) "." base64url(HMAC-SHA256[0..16])`, bound to the operation
 * that issued it, so a tampered cursor or one from another operation is refused with 400 `invalid_cursor`. The payload
 * (for example an upstream continuation plus the index inside that upstream page) is the operation's own business.
 */
export class CursorCodec {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  encode(operationId: string, payload: unknown): string {
    const body = Buffer.from(JSON.stringify({ o: operationId, p: payload })).toString("base64url");
    return `${body}.${this.#sign(body)}`;
  }

  /** @throws ServiceError `invalid_cursor` when the token is malformed, tampered or from another operation. */
  decode<T>(operationId: string, cursor: string): T {
    const dot = cursor.lastIndexOf(".");
    const invalid = () =>
      new ServiceError(
        "invalid_cursor",
        "cursor is not a nextCursor of this operation; start without a cursor",
        {
          details: { param: "cursor" },
        },
      );
    if (dot <= 0) throw invalid();
    const body = cursor.slice(0, dot);
    const given = Buffer.from(cursor.slice(dot + 1), "base64url");
    const expected = Buffer.from(this.#sign(body), "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let parsed: { o?: unknown; p?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    } catch {
      throw invalid();
    }
    if (parsed.o !== operationId) throw invalid();
    return parsed.p as T;
  }

  /**
   * The cursors of one operation (`ctx.cursors`, bound by the engine to the operation it dispatches): the same tokens
   * as {@link encode} and {@link decode} with `operationId`, so a cursor issued before the binding decodes the same.
   */
  bind(operationId: string): OperationCursors {
    return {
      operationId,
      encode: (payload) => this.encode(operationId, payload),
      decode: <T>(cursor: string) => this.decode<T>(operationId, cursor),
      // A platform's operation ids are `<platform>.<name>` (`definePlatform`).
      of: (name) => this.bind(`${operationId.slice(0, operationId.indexOf("."))}.${name}`),
    };
  }

  #sign(body: string): string {
    return createHmac("sha256", this.#secret).update(body).digest().subarray(0, 16).toString("base64url");
  }
}

/**
 * The continuation cursors of one operation (`ctx.cursors`): a {@link CursorCodec} bound to the operation id, so a
 * handler never names its operation.
 */
export interface OperationCursors {
  /** The operation the cursors belong to (`<platform>.<name>`). */
  readonly operationId: string;
  /** The signed cursor of `payload` (any JSON value) for this operation. */
  encode(payload: unknown): string;
  /** @throws ServiceError 400 `invalid_cursor` when the token is malformed, tampered or from another operation. */
  decode<T>(cursor: string): T;
  /**
   * The cursors of another operation of the same platform, by its name: for a list whose items carry the cursor of a
   * sibling operation (a comment's `repliesCursor`, continued by `comment-replies`).
   */
  of(name: string): OperationCursors;
}
