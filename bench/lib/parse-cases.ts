/**
 * The recorded upstream bodies of the normalisation benchmark, by operation family, read from the corpus
 * (`../shared/corpus/videosite`), each with the work our readers do on it in the operation (minus the HTTP) and the
 * raw JSON handed to youtubei.js's `Parser.parseResponse`.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { defaultCorpusDir, entryBody, type HarEntry, recordedCase } from "@sda/replay";
import { buildComment } from "../../packages/videosite/src/readers/comments/build-comment.ts";
import { readCommentsAnswer } from "../../packages/videosite/src/readers/comments/comment-reader.ts";
import { readListPage } from "../../packages/videosite/src/readers/listing/list-page.ts";
import { videoRow } from "../../packages/videosite/src/readers/listing/rows.ts";
import { readVideoCard } from "../../packages/videosite/src/readers/listing/video-card.ts";
import { readSearchPage } from "../../packages/videosite/src/readers/search/search-reader.ts";
import { buildVideoDetails } from "../../packages/videosite/src/readers/video/build-details.ts";
import { readNext } from "../../packages/videosite/src/readers/video/next-reader.ts";
import { readPlayer } from "../../packages/videosite/src/readers/video/player-reader.ts";

/** One unit of work: upstream answers (parsed JSON), their byte size, and our reading of them. */
export interface ParseCase {
  id: string;
  bytes: number;
  /** The answers as JSON values (what youtubei.js's parser takes, one call each). */
  answers: unknown[];
  /** What the operation does with them after `JSON.parse` (readers + result builder). */
  ours(answers: unknown[]): unknown;
}

/** Families of the benchmark (issue 9: video details, comments, search, channel lists). */
export type Family = "video-details" | "comments" | "search" | "channel lists";

const REFERENCE = new Date("2025-06-01T00:00:00Z");
const isJson = (entry: HarEntry) =>
  entry.response.status === 200 && /json/.test(entry.response.content.mimeType ?? "");
const matchBody = (entry: HarEntry) => (entry._match.body ?? {}) as Record<string, unknown>;

function json(entries: HarEntry[]) {
  const bodies = entries.map((e) => entryBody(e));
  return {
    bytes: bodies.reduce((n, b) => n + b.length, 0),
    answers: bodies.map((b) => JSON.parse(b.toString("utf8"))),
  };
}

function videoDetails(caseId: string, entries: HarEntry[]): ParseCase | null {
  const player = entries.find(
    (e) =>
      isJson(e) &&
      e._match.path === "/youtubei/v1/player" &&
      matchBody(e)["context.client.clientName"] === undefined,
  );
  const next = entries.find(
    (e) => isJson(e) && e._match.path === "/youtubei/v1/next" && !matchBody(e).continuation,
  );
  const videoId = caseId.replace(/^video-/, "");
  if (!player) return null;
  return {
    id: caseId,
    ...json(next ? [player, next] : [player]),
    ours([playerAnswer, nextAnswer]) {
      const info = readPlayer(playerAnswer);
      const nextInfo = nextAnswer === undefined ? null : readNext(nextAnswer, videoId);
      if (!info.details) return info;
      return buildVideoDetails({
        videoId,
        url: `https://www.youtube.com/watch?v=${videoId}`,
        player: info,
        details: info.details,
        microformat: info.microformat,
        next: nextInfo,
        unplayableReason: null,
      });
    },
  };
}

function each(
  caseId: string,
  entries: HarEntry[],
  pathname: string,
  read: (answer: unknown) => unknown,
): ParseCase[] {
  return entries
    .filter((e) => isJson(e) && e._match.path === pathname)
    .map((e, index) => ({ id: `${caseId}#${index}`, ...json([e]), ours: ([answer]) => read(answer) }));
}

const comments = (answer: unknown) =>
  readCommentsAnswer(answer).threads.map((thread) => buildComment(thread, REFERENCE, thread.repliesToken));
const search = (answer: unknown) => readSearchPage(answer, REFERENCE);
const channelList = (answer: unknown) =>
  readListPage(answer).items.flatMap((item) => {
    const card = readVideoCard(item);
    return card ? [videoRow(card, REFERENCE)] : [];
  });

/** Every family's cases from the corpus (cases whose bodies are not JSON answers are left out). */
export function parseCases(
  corpusDir = defaultCorpusDir(process.env.CORPUS_DIR),
): Record<Family, ParseCase[]> {
  const ids = readdirSync(path.join(corpusDir, "videosite"))
    .filter((f) => f.endsWith(".har"))
    .map((f) => f.replace(/\.har$/, ""));
  const families: Record<Family, ParseCase[]> = {
    "video-details": [],
    comments: [],
    search: [],
    "channel lists": [],
  };
  for (const id of ids) {
    const entries = recordedCase("videosite", id);
    if (id.startsWith("video-")) {
      const found = videoDetails(id, entries);
      if (found) families["video-details"].push(found);
    } else if (id.startsWith("comments-"))
      families.comments.push(...each(id, entries, "/youtubei/v1/next", comments));
    else if (id.startsWith("search-"))
      families.search.push(...each(id, entries, "/youtubei/v1/search", search));
    else if (id.startsWith("channel-"))
      // Only the tabs the list operations read (videos, shorts, live): a playlists or about tab yields no rows.
      families["channel lists"].push(
        ...each(id, entries, "/youtubei/v1/browse", channelList).filter(
          (c) => (c.ours(c.answers) as unknown[]).length > 0,
        ),
      );
  }
  return families;
}
