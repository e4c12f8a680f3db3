/**
 * The paths the benchmarks call, on recorded corpus cases the replay serves (`../shared/corpus/videosite`), and a
 * probe that keeps only the ones answering 200 with this build.
 */

const VIDEO_IDS = [
  "M4gD1WSo5mA",
  "7PIMiDcwNvc",
  "GJLlxj_dtq8",
  "F1xioXWb8CY",
  "Fjg5lYqvzUs",
  "Njp5uhTorCo",
  "QRS8MkLhQmM",
  "X4VbdwhkE10",
  "ayI2iBwGdxw",
  "it3OtbTxQk0",
];
/** Videos with a recorded caption body. */
const TRANSCRIPT_IDS = ["M4gD1WSo5mA", "7PIMiDcwNvc"];

const watch = (id: string) => encodeURIComponent(`https://www.youtube.com/watch?v=${id}`);

/** `GET /v1/videosite/video-details` of a video; `cache` adds `cache=true`. */
export const videoDetailsPath = (id: string, cache: boolean) =>
  `/v1/videosite/video-details?url=${watch(id)}${cache ? "&cache=true" : ""}`;

/** `GET /v1/videosite/transcript` of a video (no cache). */
export const transcriptPath = (id: string) => `/v1/videosite/transcript?url=${watch(id)}`;

/** The paths of the runs, each checked to answer 200. */
export interface Paths {
  /** Cache hits of video-details (the cache is warmed by the probe). */
  cacheHit: string[];
  /** Fresh video-details (no cache asked: the worker and the upstream run every time). */
  freshDetails: string[];
  /** Fresh transcripts. */
  transcript: string[];
}

/** Calls every candidate once (warming the cache of the `cache=true` ones) and keeps those answering 200. */
export async function probePaths(gatewayUrl: string, secret: string): Promise<Paths> {
  const ok = async (path: string) => {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: { authorization: `Bearer ${secret}` } });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const keep = async (paths: string[]) => {
    const kept: string[] = [];
    for (const path of paths) if (await ok(path)) kept.push(path);
    return kept;
  };
  const cacheHit = await keep(VIDEO_IDS.map((id) => videoDetailsPath(id, true)));
  const freshDetails = await keep(VIDEO_IDS.map((id) => videoDetailsPath(id, false)));
  const transcript = await keep(TRANSCRIPT_IDS.map(transcriptPath));
  if (!cacheHit.length || !freshDetails.length || !transcript.length)
    throw new Error(
      "no recorded video answered 200 for video-details or transcript: is the replay corpus there?",
    );
  return { cacheHit, freshDetails, transcript };
}
