import type { Server } from "node:http";
import type { Socket } from "node:net";
import { errorEnvelope, type Logger, newId, ServiceError } from "@sda/core";

/**
 * Answers requests Node's HTTP parser refuses before Express sees them — headers or URL over `maxHeaderSize` (431),
 * malformed requests (400) — in the SPEC §7.1 envelope with a request id, instead of Node's bare status line.
 * Registering a `clientError` listener turns Node's own answer off, so this writes the whole response itself.
 */
export function answerClientErrors(server: Server, log: Logger): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const requestId = newId("req");
    const serviceError = tooLarge
      ? new ServiceError(
          "request_too_large",
          "the request's headers or URL are larger than the server accepts",
        )
      : new ServiceError("invalid_parameter", "the request could not be read as HTTP");
    const body = JSON.stringify(errorEnvelope(serviceError, requestId));
    log.info({ requestId, code: error.code, status: serviceError.status }, "refused an unreadable request");
    socket.end(
      [
        `HTTP/1.1 ${serviceError.status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Service-Request-Id: ${requestId}`,
        "X-Service-Credits: 0",
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  });
}
