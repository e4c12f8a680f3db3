import {
  type ChatReply,
  type ReceivedChat,
  replayHttpClient,
  serviceErrorOf,
  startFakeChat,
  startReplay,
  syntheticAudioCase,
  testLogger,
} from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitSentences } from "../extractive/sentences.ts";
import type { Summary, SummaryInput } from "../summary.ts";
import { LlmSummariser } from "./llm-summariser.ts";

const synth = syntheticAudioCase();
const sentences = splitSentences(synth.transcript, [], "en");
const input: SummaryInput = {
  title: "How the tides work (synthetic speech test)",
  text: synth.transcript,
  segments: sentences.map((text, i) => ({ text, startMs: i * 5000, endMs: (i + 1) * 5000 })),
  language: "en",
};

const valid: Summary = {
  summary: `${sentences[2]} ${sentences[3]}\n\n${sentences[8]}`,
  keyPoints: [sentences[2] ?? "", sentences[8] ?? ""],
  topics: ["tides", "Moon"],
  sentiment: "neutral",
};

// The http client of the service, routing no platform (the LLM is called on its own loopback host).
let http: Awaited<ReturnType<typeof replayHttpClient>>;
let close: () => Promise<void>;
beforeAll(async () => {
  const replay = await startReplay([], []);
  http = replayHttpClient(replay);
  close = async () => {
    await http.close();
    await replay.close();
  };
});
afterAll(() => close());

async function withChat(
  reply: (request: ReceivedChat, index: number) => ChatReply,
  run: (summariser: LlmSummariser, received: ReceivedChat[]) => Promise<void>,
  maxInputTokens = 12_000,
) {
  const chat = await startFakeChat(reply, { apiKey: "sk-llm" });
  try {
    const summariser = new LlmSummariser(
      { baseUrl: chat.baseUrl, model: "summary-model", apiKey: "sk-llm", timeoutMs: 10_000 },
      maxInputTokens,
    );
    await run(summariser, chat.received);
  } finally {
    await chat.close();
  }
}

const ctx = () => ({ http, log: testLogger(), signal: new AbortController().signal });

const failure = serviceErrorOf;

describe("LLM summaries over the chat-completions protocol", () => {
  it("asks once for a strict JSON-schema answer in the transcript's language and returns the validated summary", async () => {
    await withChat(
      () => ({ content: JSON.stringify(valid) }),
      async (summariser, received) => {
        expect(await summariser.summarize(input, ctx())).toEqual(valid);
        expect(received).toHaveLength(1);
        const request = received[0] as ReceivedChat;
        expect(request).toMatchObject({ authorization: "Bearer sk-llm", model: "summary-model" });
        expect(request.responseFormat).toMatchObject({
          type: "json_schema",
          json_schema: {
            name: "video_summary",
            strict: true,
            schema: { type: "object", required: ["summary", "keyPoints", "topics", "sentiment"] },
          },
        });
        expect(request.messages[0]).toMatchObject({ role: "system" });
        expect(request.messages[0]?.content).toContain("English (language code en)");
        expect(request.messages[1]?.content).toContain(input.title);
        expect(request.messages[1]?.content).toContain(`[0:00] ${sentences[0]}`);
      },
    );
  });

  it("an answer fenced as a Markdown code block is read", async () => {
    await withChat(
      () => ({ content: `\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`` }),
      async (summariser) => {
        expect((await summariser.summarize(input, ctx())).topics).toEqual(["tides", "Moon"]);
      },
    );
  });

  it("invalid JSON is answered once with the problem; the second, valid answer is used", async () => {
    await withChat(
      (_r, i) => ({ content: i === 0 ? "Sure! The video explains tides." : JSON.stringify(valid) }),
      async (summariser, received) => {
        expect(await summariser.summarize(input, ctx())).toEqual(valid);
        expect(received).toHaveLength(2);
        const retry = received[1]?.messages ?? [];
        expect(retry.at(-2)).toEqual({ role: "assistant", content: "Sure! The video explains tides." });
        expect(retry.at(-1)?.content).toContain("not JSON");
      },
    );
  });

  it("JSON of the wrong shape (an unknown sentiment) counts as invalid too", async () => {
    await withChat(
      (_r, i) => ({ content: JSON.stringify(i === 0 ? { ...valid, sentiment: "mixed" } : valid) }),
      async (summariser, received) => {
        expect((await summariser.summarize(input, ctx())).sentiment).toBe("neutral");
        expect(received[1]?.messages.at(-1)?.content).toContain("sentiment");
      },
    );
  });

  it("two invalid answers fail with a retryable summary_failed (reason invalid_json)", async () => {
    await withChat(
      () => ({ content: "{not json" }),
      async (summariser, received) => {
        const error = await failure(summariser.summarize(input, ctx()));
        expect(error.code).toBe("summary_failed");
        expect(error.retryable).toBe(true);
        expect(error.details).toMatchObject({ provider: "llm", reason: "invalid_json" });
        expect(received).toHaveLength(2);
      },
    );
  });

  it("an error status of the endpoint is a retryable summary_failed with the status", async () => {
    await withChat(
      () => ({ status: 503 }),
      async (summariser) => {
        const error = await failure(summariser.summarize(input, ctx()));
        expect(error.details).toMatchObject({ provider: "llm", upstreamStatus: 503 });
        expect(error.retryAfterSeconds).toBe(30);
      },
    );
  });

  it("a transcript over the input budget is summarised in chunks, then the part summaries are merged", async () => {
    // A 300-token budget: 150 reserved, 15 for the title, so about 135 tokens of transcript per request.
    await withChat(
      (request) => {
        const isMerge = request.messages[1]?.content.includes("summaries of its consecutive parts") ?? false;
        return { content: JSON.stringify(isMerge ? valid : { ...valid, summary: "part", topics: ["part"] }) };
      },
      async (summariser, received) => {
        const result = await summariser.summarize(input, ctx());
        expect(result).toEqual(valid);
        const parts = received.filter((r) =>
          /^Video title: .*\n\nPart \d+ of \d+/s.test(r.messages[1]?.content ?? ""),
        );
        expect(parts.length).toBeGreaterThan(2);
        // Every segment went to exactly one part request, in order.
        const lines = parts.flatMap((p) =>
          (p.messages[1]?.content ?? "").split("\n").filter((l) => /^\[\d+:\d{2}\]/.test(l)),
        );
        expect(lines.map((l) => l.replace(/^\[\d+:\d{2}\] /, ""))).toEqual(sentences);
        expect(received.length).toBeGreaterThan(parts.length);
      },
      300,
    );
  });
});
