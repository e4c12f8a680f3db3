import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One webhook POST the inbox received, as `GET /` lists it. */
export interface InboxDelivery {
  receivedAt: string;
  path: string;
  /** The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`). */
  webhookId: string | null;
  webhookTimestamp: string | null;
  webhookSignature: string | null;
  /** `type` of the event body (`monitor.items`, `monitor.test`, `batch.completed`), null when not JSON. */
  type: string | null;
  /** The body, parsed when it is JSON, else the text. */
  body: unknown;
}

/** The running inbox: its base URL (`http://127.0.0.1:<port>`), what it received (oldest first), `close()`. */
export interface Inbox {
  readonly url: string;
  readonly deliveries: readonly InboxDelivery[];
  close(): Promise<void>;
}

/** Deliveries kept in memory (the oldest are dropped beyond it): the inbox is for watching, not storing. */
const KEPT = 200;
/** Largest body read; a bigger one is cut there (webhook bodies of the demo are a few KB). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The demo's local webhook inbox: a real HTTP receiver on 127.0.0.1 where the demo's monitors and batches can deliver
 * (the demo allows `http://` loopback webhooks for it). `POST` any path: kept and answered 204; `GET /`: the
 * deliveries received, newest first, as JSON (`{ deliveries: InboxDelivery[] }`). It does not verify signatures — it
 * does not know the secrets; a receiver of your own verifies them as the README's Webhooks section shows.
 * @param port 0 for any free port.
 * @param onDelivery called for each delivery (the demo prints a line).
 * @throws Error (`EADDRINUSE` …) when the port cannot be listened on.
 */
export async function startInbox(
  port: number,
  onDelivery?: (delivery: InboxDelivery) => void,
): Promise<Inbox> {
  const deliveries: InboxDelivery[] = [];
  const server = createServer((req, res) => {
    if (req.method === "POST") void receive(req, res);
    else if (req.method === "GET" || req.method === "HEAD") list(res);
    else res.writeHead(405, { allow: "GET, POST" }).end();
  });

  async function receive(req: IncomingMessage, res: ServerResponse) {
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === "string" ? value : null;
    };
    const type = (body as { type?: unknown } | null)?.type;
    const delivery: InboxDelivery = {
      receivedAt: new Date().toISOString(),
      path: req.url ?? "/",
      webhookId: header("webhook-id"),
      webhookTimestamp: header("webhook-timestamp"),
      webhookSignature: header("webhook-signature"),
      type: typeof type === "string" ? type : null,
      body,
    };
    deliveries.push(delivery);
    if (deliveries.length > KEPT) deliveries.shift();
    res.writeHead(204).end();
    onDelivery?.(delivery);
  }

  function list(res: ServerResponse) {
    const json = JSON.stringify({ deliveries: [...deliveries].reverse() }, null, 2);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(json);
  }

  server.listen(port, "127.0.0.1");
  await Promise.race([
    once(server, "listening"),
    once(server, "error").then(([error]) => Promise.reject(error)),
  ]);
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One line about a delivery for the demo's terminal: `monitor.items mon_… (3 items) → /hooks/demo`. */
export function describeDelivery(delivery: InboxDelivery): string {
  const body = (delivery.body ?? {}) as { monitorId?: unknown; batchId?: unknown; items?: unknown };
  const owner =
    typeof body.monitorId === "string"
      ? body.monitorId
      : typeof body.batchId === "string"
        ? body.batchId
        : "";
  const items = Array.isArray(body.items) ? ` (${body.items.length} items)` : "";
  return `inbox: ${delivery.type ?? "a POST"} ${owner}${items} → ${delivery.path}`.replace(/\s+/g, " ");
}
