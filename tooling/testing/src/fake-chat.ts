import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One chat-completions request the fake received. */
export interface ReceivedChat {
  authorization: string | null;
  model: string | null;
  messages: { role: string; content: string }[];
  responseFormat: unknown;
}

/** What the fake answers to a request: the assistant's message text, or an HTTP error status. */
export type ChatReply = { content: string } | { status: number };

export interface FakeChatServer {
  /** API root to configure as `LLM_BASE_URL`, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  received: ReceivedChat[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

/**
 * A local LLM server speaking OpenAI's real chat-completions protocol: `POST /v1/chat/completions` with
 * `{ model, messages, response_format, … }` in, a `chat.completion` object out (or OpenAI's error body). What the
 * assistant says is decided by `reply`, called with the request and its 0-based index.
 */
export async function startFakeChat(
  reply: (request: ReceivedChat, index: number) => ChatReply,
  options: { apiKey?: string } = {},
): Promise<FakeChatServer> {
  const received: ReceivedChat[] = [];
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      send(404, { error: { message: `unknown route ${req.url}`, type: "invalid_request_error" } });
      return;
    }
    const body = await readJson(req);
    const request: ReceivedChat = {
      authorization: req.headers.authorization ?? null,
      model: typeof body.model === "string" ? body.model : null,
      messages: Array.isArray(body.messages) ? (body.messages as ReceivedChat["messages"]) : [],
      responseFormat: body.response_format ?? null,
    };
    const index = received.push(request) - 1;
    if (options.apiKey && request.authorization !== `Bearer ${options.apiKey}`) {
      send(401, { error: { message: "Incorrect API key provided", type: "invalid_api_key" } });
      return;
    }
    if (!request.model || request.messages.length === 0) {
      send(400, { error: { message: "model and messages are required", type: "invalid_request_error" } });
      return;
    }
    const answer = reply(request, index);
    if ("status" in answer) {
      send(answer.status, { error: { message: "The server had an error", type: "server_error" } });
      return;
    }
    send(200, {
      id: `chatcmpl-fake${index}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: answer.content },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
