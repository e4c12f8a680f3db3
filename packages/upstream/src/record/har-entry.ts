import type { Platform, RecordingRule } from "@sda/contract";
import { matchFor, type RecordedMatch } from "./identity.ts";
import { redactBody, redactHeaders, redactUrl } from "./redact.ts";

/** One request and its answer, as the upstream client saw them (bodies decoded). */
export interface Exchange {
  platform: Platform;
  method: string;
  /** The live URL (before routing to a configured origin). */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The decoded body; null for a streamed answer (media), whose body is not recorded. */
  responseBody: Buffer | null;
  startedAt: Date;
  /** Milliseconds from sending to the whole answer. */
  timeMs: number;
}

/** What every entry of one recording says about its origin. */
export interface EntryProvenance {
  /** `_source`: `recorded <host>@<version>`. */
  source: string;
  /** The recorder's clock, used when the answer has no `Date` header. */
  recordedAt: Date;
  /** The recording rule of the exchange's platform (its `definePlatform({ recording })`). */
  rule: RecordingRule;
}

const TEXT_MIME =
  /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded|atom\+xml|rss\+xml)|[^;]*\+json|[^;]*\+xml)/i;

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The response `content`: text for textual types (secrets redacted), base64 for binary (README §1). */
function content(
  exchange: Exchange,
  secrets: readonly string[],
): { content: Record<string, unknown>; edited: string[] } {
  const mimeType = header(exchange.responseHeaders, "content-type") ?? "application/octet-stream";
  if (exchange.responseBody === null)
    return {
      content: { size: 0, mimeType, text: "" },
      edited: ["streamed media answer: the body was not recorded"],
    };
  const body = exchange.responseBody;
  if (!TEXT_MIME.test(mimeType) && body.length > 0)
    return {
      content: { size: body.length, mimeType, text: body.toString("base64"), encoding: "base64" },
      edited: [],
    };
  const redacted = redactBody(body.toString("utf8"), secrets);
  return {
    content: { size: Buffer.byteLength(redacted.text), mimeType, text: redacted.text },
    edited: redacted.edited ? ["response body: secret fields redacted and the JSON re-serialised"] : [],
  };
}

/**
 * One HAR 1.2 entry in the corpus README's format: standard fields, `_match` (identity fields only), `_source`,
 * `_recordedAt` (the answer's `Date`, else the recorder's clock, with `_recordedAtBasis`), secrets redacted
 * everywhere (`_edited` says where a body changed).
 */
export function toHarEntry(exchange: Exchange, provenance: EntryProvenance): Record<string, unknown> {
  const contentType = exchange.requestHeaders["content-type"] ?? "";
  const match: RecordedMatch = matchFor(
    provenance.rule,
    exchange.method,
    exchange.url,
    exchange.requestBody,
    contentType,
  );
  const secrets = provenance.rule.secretFields ?? [];
  const url = redactUrl(exchange.url, secrets);
  const requestBody =
    exchange.requestBody === undefined ? undefined : redactBody(exchange.requestBody, secrets);
  const { content: responseContent, edited } = content(exchange, secrets);
  if (requestBody?.edited) edited.push("request body: secret fields redacted");
  const dateHeader = header(exchange.responseHeaders, "date");
  const date = dateHeader ? new Date(dateHeader) : null;
  const recordedAt = date && !Number.isNaN(date.getTime()) ? date : null;
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time: Math.max(0, Math.round(exchange.timeMs)),
    request: {
      method: exchange.method,
      url,
      httpVersion: "HTTP/1.1",
      headers: redactHeaders(exchange.requestHeaders),
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(requestBody ? { postData: { mimeType: contentType, text: requestBody.text } } : {}),
      cookies: [],
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: exchange.status,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers: redactHeaders(exchange.responseHeaders),
      cookies: [],
      content: responseContent,
      redirectURL: header(exchange.responseHeaders, "location") ?? "",
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: Math.max(0, Math.round(exchange.timeMs)), receive: 0 },
    _match: match,
    _source: provenance.source,
    _recordedAt: (recordedAt ?? provenance.recordedAt).toISOString(),
    _recordedAtBasis: recordedAt ? "the response Date header" : "the recording service's clock",
    ...(edited.length > 0 ? { _edited: edited.join("; ") } : {}),
  };
}
