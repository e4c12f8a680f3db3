import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request as the receiver saw it, with the outcome of its own signature check. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The `standardwebhooks` library accepted the signature with the receiver's secret at that time. */
  verified: boolean;
}

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real local HTTP webhook receiver on 127.0.0.1: verifies every request with the `standardwebhooks` library (as a
 * customer would) and answers from a per-path script (responses in order, the last one repeating; 200 by default).
 */
export async function startReceiver(secret: string) {
  const requests: ReceivedWebhook[] = [];
  const scripts = new Map<string, ScriptedResponse[]>();
  const state = { secret };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(state.secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const path = req.url ?? "/";
      requests.push({ path, headers: req.headers, body, verified });
      const script = scripts.get(path) ?? [];
      const response = (script.length > 1 ? script.shift() : script[0]) ?? { status: 200, body: "ok" };
      res.writeHead(response.status, response.headers ?? {});
      res.end(response.body ?? "");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    state,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Answers for `path`, in order; the last one repeats. */
    script(path: string, responses: ScriptedResponse[]) {
      scripts.set(path, [...responses]);
    },
    hits: (path: string) => requests.filter((r) => r.path === path),
    /**
     * The distinct messages received on `path`, the first request of each `webhook-id`: delivery is at least once,
     * so an attempt that timed out on our side (a busy machine) and was retried shows as two hits of one message.
     */
    messages: (path: string) =>
      requests.filter(
        (r, i) =>
          r.path === path &&
          requests.findIndex(
            (q) => q.path === path && q.headers["webhook-id"] === r.headers["webhook-id"],
          ) === i,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
