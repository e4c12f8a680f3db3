import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveFfmpegPath } from "../src/ffmpeg/binary.ts";
import { type AudioProbe, probeAudio } from "../src/ffmpeg/probe.ts";

/** One upload the fake provider received, as it read it. */
export interface ReceivedUpload {
  authorization: string | null;
  model: string | null;
  responseFormat: string | null;
  language: string | null;
  timestampGranularities: string[];
  fileName: string | null;
  mimeType: string | null;
  bytes: number;
  /** ffmpeg's description of the uploaded file; null when it is not media. */
  probe: AudioProbe | null;
  /** What the fake answered. */
  status: number;
}

export interface FakeAsrOptions {
  /** The text the fake "recognises" (tests read it from the corpus, e.g. the synthetic audio's `log._transcript`). */
  transcript: string;
  /** `language` of the answer, a whisper-style name (default `english`). */
  languageName?: string;
  /** Required `Authorization: Bearer` key; none when unset. */
  apiKey?: string;
  /** The uploaded audio must last this long (± 1 s), else 400. */
  expectedDurationSeconds?: number;
}

export interface FakeAsrServer {
  /** API root to configure as `ASR_*_BASE_URL`, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  received: ReceivedUpload[];
  /** Answer every upload with this status and an OpenAI error body (null: answer normally). */
  failWith(status: number | null): void;
  /** Hold uploads until the returned function is called (a job then sits in its upload step). */
  hold(): () => void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function errorBody(message: string, type = "invalid_request_error") {
  return { error: { message, type, param: null, code: null } };
}

/**
 * OpenAI's `verbose_json` for `text` spread over `durationSeconds`: one segment per sentence, each lasting in
 * proportion to its length, times in seconds with the leading space whisper puts before segment texts.
 */
export function verboseJsonFor(text: string, durationSeconds: number, languageName: string) {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const sentences = [...segmenter.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
  const total = sentences.reduce((sum, s) => sum + s.length, 0) || 1;
  let start = 0;
  const segments = sentences.map((sentence, id) => {
    const end = start + (durationSeconds * sentence.length) / total;
    const segment = {
      id,
      seek: 0,
      start: Number(start.toFixed(2)),
      end: Number(end.toFixed(2)),
      text: ` ${sentence}`,
      tokens: [],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.4,
      no_speech_prob: 0.01,
    };
    start = end;
    return segment;
  });
  return { task: "transcribe", language: languageName, duration: durationSeconds, text, segments };
}

/**
 * A local speech-to-text server speaking OpenAI's real protocol: `POST /v1/audio/transcriptions` with a
 * `multipart/form-data` upload in, `verbose_json` out (or OpenAI's error body). It probes every uploaded file with
 * ffmpeg and refuses (400) audio that is not 16 kHz mono or not of the expected duration, so a test that passes
 * proves what the service uploaded.
 */
export async function startFakeAsr(options: FakeAsrOptions): Promise<FakeAsrServer> {
  const ffmpeg = resolveFfmpegPath();
  if (!ffmpeg) throw new Error("the fake ASR server needs ffmpeg to probe uploads");
  const scratch = await mkdtemp(path.join(tmpdir(), "fake-asr-"));
  const received: ReceivedUpload[] = [];
  let failure: number | null = null;
  let gate: Promise<void> | null = null;

  const server = createServer(async (req, res) => {
    try {
      if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") {
        sendJson(res, 404, errorBody(`unknown route ${req.method} ${req.url}`));
        return;
      }
      const raw = await readBody(req);
      const form = await new Request("http://fake.local/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: raw,
      }).formData();
      const file = form.get("file");
      const upload: ReceivedUpload = {
        authorization: req.headers.authorization ?? null,
        model: form.get("model") as string | null,
        responseFormat: form.get("response_format") as string | null,
        language: form.get("language") as string | null,
        timestampGranularities: form.getAll("timestamp_granularities[]").map(String),
        fileName: file instanceof File ? file.name : null,
        mimeType: file instanceof File ? file.type : null,
        bytes: file instanceof File ? file.size : 0,
        probe: null,
        status: 200,
      };
      received.push(upload);
      const answer = (status: number, body: unknown) => {
        upload.status = status;
        sendJson(res, status, body);
      };
      if (options.apiKey && upload.authorization !== `Bearer ${options.apiKey}`)
        return answer(401, errorBody("Incorrect API key provided", "invalid_api_key"));
      if (!(file instanceof File) || !upload.model)
        return answer(400, errorBody("file and model are required"));
      const stored = path.join(scratch, `${received.length}-${upload.fileName ?? "upload"}`);
      await writeFile(stored, Buffer.from(await file.arrayBuffer()));
      upload.probe = await probeAudio(ffmpeg, stored).catch(() => null);
      await rm(stored, { force: true });
      if (gate) await gate;
      if (failure !== null) return answer(failure, errorBody("The server had an error", "server_error"));
      const probe = upload.probe;
      const seconds = probe?.durationSeconds ?? null;
      if (probe?.sampleRateHz !== 16_000 || probe.channels !== 1 || seconds === null)
        return answer(400, errorBody("expected 16 kHz mono audio"));
      if (
        options.expectedDurationSeconds !== undefined &&
        Math.abs(seconds - options.expectedDurationSeconds) > 1
      )
        return answer(400, errorBody(`expected ${options.expectedDurationSeconds} s of audio`));
      if (upload.responseFormat !== "verbose_json") return answer(200, { text: options.transcript });
      return answer(200, verboseJsonFor(options.transcript, seconds, options.languageName ?? "english"));
    } catch (error) {
      sendJson(res, 500, errorBody(String(error), "server_error"));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    failWith(status) {
      failure = status;
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
