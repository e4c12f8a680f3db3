import { openAsBlob } from "node:fs";
import { ServiceError } from "@sda/core";
import { fail } from "../error-codes.ts";
import type { AsrProvider, AsrRequest, AsrTranscription } from "./provider.ts";
import { readVerboseJson } from "./verbose-json.ts";

/** Configuration of one OpenAI-compatible transcription endpoint (`ASR_FAST_*` or `ASR_STANDARD_*`). */
export interface OpenAiAsrOptions {
  name: AsrProvider["name"];
  /** API root, e.g. `https://api.openai.com/v1`; the request goes to `{baseUrl}/audio/transcriptions`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set (local servers often need none). */
  apiKey?: string | undefined;
  /** Budget of one request (upload and transcription), ms. */
  timeoutMs: number;
}

// Every error status is read here, so the provider's own message reaches the log.
const ERROR_STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i);

/** `{ error: { message } }` (OpenAI's error body) or any text, shortened for a log line. */
function providerMessage(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === "string") return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return text.slice(0, 300);
}

/**
 * A speech-to-text tier behind an OpenAI-compatible API: `POST {baseUrl}/audio/transcriptions` as
 * `multipart/form-data` with `file`, `model`, `response_format=verbose_json`, `timestamp_granularities[]=segment` and,
 * when known, `language` (ISO 639-1); the `verbose_json` answer is read by {@link readVerboseJson}.
 * The upload is encoded by the platform's FormData (undici), reading the file as a Blob; the body is at most ~25 MB.
 */
export class OpenAiCompatibleAsr implements AsrProvider {
  readonly name: AsrProvider["name"];
  readonly model: string;

  constructor(private readonly options: OpenAiAsrOptions) {
    this.name = options.name;
    this.model = options.model;
  }

  /** `{baseUrl}/audio/transcriptions`. */
  get url(): string {
    return `${this.options.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;
  }

  async transcribe(request: AsrRequest): Promise<AsrTranscription> {
    const form = new FormData();
    form.set("file", await openAsBlob(request.file, { type: request.mimeType }), request.fileName);
    form.set("model", this.model);
    form.set("response_format", "verbose_json");
    form.append("timestamp_granularities[]", "segment");
    if (request.language) form.set("language", request.language);
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers: Record<string, string> = {
      "content-type": encoded.headers.get("content-type") ?? "multipart/form-data",
      accept: "application/json",
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
    };

    let response: Awaited<ReturnType<AsrRequest["http"]["request"]>>;
    try {
      response = await request.http.request(
        {
          platform: "asr",
          url: this.url,
          method: "POST",
          headers,
          body,
          timeoutMs: this.options.timeoutMs,
          acceptStatus: ERROR_STATUSES,
        },
        request.signal,
      );
    } catch (error) {
      if (request.signal.aborted) throw error;
      const reason = error instanceof ServiceError ? error.code : "transport";
      throw this.failed(`${this.name} could not be reached (${reason})`, { reason }, error);
    }
    if (response.status >= 400) {
      request.log.warn(
        { provider: this.name, status: response.status, message: providerMessage(response.text()) },
        "speech-to-text provider refused the upload",
      );
      throw this.failed(`${this.name} answered ${response.status}`, { upstreamStatus: response.status });
    }
    try {
      const { skipped, ...transcription } = readVerboseJson(JSON.parse(response.text()));
      if (skipped > 0) request.log.debug({ provider: this.name, skipped }, "skipped unreadable ASR segments");
      return transcription;
    } catch (error) {
      throw this.failed(
        `${this.name} answered something that is not verbose_json`,
        { reason: "bad_answer" },
        error,
      );
    }
  }

  private failed(message: string, details: Record<string, unknown>, cause?: unknown): ServiceError {
    return fail("asr_failed", message, {
      retryAfterSeconds: 30,
      details: { provider: this.name, ...details },
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
