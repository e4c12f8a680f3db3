import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CorpusEntry, entryBody, loadEntries } from "./har.ts";
import { EntryIndex, type IncomingRequest, type RecordingRules } from "./match.ts";

/** Headers never replayed (corpus README §2: bodies are stored decoded; cookies are harmless but dropped). */
const DROPPED_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "set-cookie",
  "connection",
]);

/** A request the replay saw, for assertions ("the token endpoint was called once"). */
interface ReplayHit {
  method: string;
  path: string;
  caseId: string | null;
  status: number;
}

/**
 * A fault injected in front of the corpus for tests of slow or failing upstreams: requests whose path satisfies
 * `when` wait `delayMs` (or until `until` settles, when that comes first) and, when `status` is set, get that status
 * with `body` instead of the recorded answer.
 */
export interface ReplayFault {
  when: (request: IncomingRequest) => boolean;
  delayMs?: number;
  /** Ends the wait of every request this fault holds (a test's "release"), before `delayMs` is out. */
  until?: Promise<unknown>;
  status?: number;
  body?: string;
  headers?: Record<string, string>;
}

interface ReplayServerOptions {
  /** Corpus directories (a corpus root or platform folders), in the format of the corpus README. */
  dirs: readonly string[];
  /**
   * How each platform's recordings match (corpus README §2 rule 2), by platform folder name: each platform's
   * `recording` rule (the catalog's `recordingRules()`). A platform not named compares paths exactly.
   */
  rules: RecordingRules;
  /** Fixed latency added to every answer, in ms (default 0). */
  delayMs?: number;
}

/** The running replay: its origin (e.g. `http://127.0.0.1:41234`), what it served, and fault injection. */
export interface ReplayServer {
  readonly origin: string;
  readonly hits: ReplayHit[];
  readonly entries: readonly CorpusEntry[];
  addFault(fault: ReplayFault): () => void;
  close(): Promise<void>;
}

/** Waits `ms`, or less when `until` settles first. */
async function wait(ms: number, until: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await (until ? Promise.race([elapsed, until.then(noop, noop)]) : elapsed);
  clearTimeout(timer);
}

const noop = () => undefined;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reduces an HTTP request to the fields the matching rules compare.
 * @param host the request's `Host` header (compared, lower-cased, with entries that carry `_match.host`).
 */
function toIncoming(method: string, url: URL, contentType: string, raw: Buffer, host = ""): IncomingRequest {
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!Object.hasOwn(query, k)) query[k] = v;
  let body: IncomingRequest["body"] = { kind: "none" };
  if (raw.length > 0) {
    const text = raw.toString("utf8");
    const form = () => ({ kind: "form" as const, fields: Object.fromEntries(new URLSearchParams(text)) });
    if (contentType.includes("application/x-www-form-urlencoded")) body = form();
    else {
      try {
        body = { kind: "json", value: JSON.parse(text) };
      } catch {
        body = form();
      }
    }
  }
  return { method: method.toUpperCase(), host: host.toLowerCase(), path: url.pathname, query, body };
}

function send(res: ServerResponse, selected: CorpusEntry) {
  const { response } = selected.entry;
  const headers: Record<string, string | string[]> = {};
  for (const { name, value } of response.headers) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower) || lower === "content-type") continue;
    const prior = headers[lower];
    headers[lower] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  headers["content-type"] = response.content.mimeType ?? "application/octet-stream";
  headers["x-replay-case"] = selected.caseId;
  const body = entryBody(selected.entry);
  headers["content-length"] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

/**
 * Starts the replay upstream on `port` (0: a free port) on 127.0.0.1. It answers each request with the entry selected
 * by the corpus matching rules, or 404 `{"replay":"no_match",…}` naming the request when none matches.
 */
export async function startReplayServer(
  options: ReplayServerOptions,
  port = 0,
  host = "127.0.0.1",
): Promise<ReplayServer> {
  const entries = loadEntries(options.dirs);
  const index = new EntryIndex(entries, options.rules);
  const hits: ReplayHit[] = [];
  const faults: ReplayFault[] = [];

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://replay.local");
      const incoming = toIncoming(
        req.method ?? "GET",
        url,
        req.headers["content-type"] ?? "",
        await readBody(req),
        req.headers.host,
      );
      const fault = faults.find((f) => f.when(incoming));
      const delay = (fault?.delayMs ?? 0) + (options.delayMs ?? 0);
      if (delay > 0) await wait(delay, fault?.until);
      if (fault?.status !== undefined) {
        hits.push({ method: incoming.method, path: incoming.path, caseId: null, status: fault.status });
        res.writeHead(fault.status, { "content-type": "text/plain", ...fault.headers });
        res.end(fault.body ?? "");
        return;
      }
      const selected = index.select(incoming);
      if (!selected) {
        hits.push({ method: incoming.method, path: incoming.path, caseId: null, status: 404 });
        const body =
          incoming.body.kind === "json"
            ? incoming.body.value
            : incoming.body.kind === "form"
              ? incoming.body.fields
              : null;
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            replay: "no_match",
            method: incoming.method,
            host: incoming.host,
            path: incoming.path,
            query: incoming.query,
            body,
          }),
        );
        return;
      }
      hits.push({
        method: incoming.method,
        path: incoming.path,
        caseId: selected.caseId,
        status: selected.entry.response.status,
      });
      send(res, selected);
    } catch (error) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ replay: "error", message: String(error) }));
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${address.port}`,
    hits,
    entries,
    addFault(fault) {
      faults.unshift(fault);
      return () => {
        const i = faults.indexOf(fault);
        if (i >= 0) faults.splice(i, 1);
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
