import { spawn } from "node:child_process";

/** What ffmpeg reports about the first audio stream of a media file. */
export interface AudioProbe {
  /** Container as ffmpeg names it (`mp3`, `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, …). */
  container: string | null;
  /** Codec of the first audio stream (`mp3`, `aac`, `opus`, …); null when the file has no audio stream. */
  codec: string | null;
  sampleRateHz: number | null;
  /** 1 for mono, 2 for stereo, …; null when not stated. */
  channels: number | null;
  /** Bitrate of the audio stream in kbit/s, else the container's overall bitrate; null when not stated. */
  bitrateKbps: number | null;
  /** Container duration in seconds (null for `N/A`). */
  durationSeconds: number | null;
}

const CHANNEL_LAYOUTS: Readonly<Record<string, number>> = {
  mono: 1,
  stereo: 2,
  "2.1": 3,
  quad: 4,
  "4.0": 4,
  "5.0": 5,
  "5.1": 6,
  "6.1": 7,
  "7.1": 8,
};

/** `HH:MM:SS.ss` → seconds; null when it is not such a clock time. */
export function parseClockTime(value: string): number | null {
  const match = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * Reads ffmpeg's description of an input (its stderr for `ffmpeg -i <file>`): the `Input #0, <container>` line, the
 * `Duration:` line and the first `Stream #…: Audio:` line, e.g.
 * `Stream #0:0: Audio: mp3, 16000 Hz, mono, fltp, 32 kb/s`.
 */
export function parseInputDescription(stderr: string): AudioProbe {
  const container = /^Input #0, ([^\n]+?), from /m.exec(stderr)?.[1] ?? null;
  const durationText = /^\s*Duration: ([^,\n]+)/m.exec(stderr)?.[1] ?? null;
  const overallBitrate = /^\s*Duration: [^\n]*bitrate: (\d+) kb\/s/m.exec(stderr)?.[1];
  const audio = /^\s*Stream #\d+:\d+[^:\n]*: Audio: ([^\n]+)$/m.exec(stderr)?.[1] ?? null;
  const parts = audio?.split(",").map((part) => part.trim()) ?? [];
  const codec = parts[0]?.split(" ")[0] ?? null;
  const rate = parts.map((part) => /^(\d+) Hz$/.exec(part)?.[1]).find(Boolean);
  const layout = parts.find((part) => part in CHANNEL_LAYOUTS || /^\d+ channels$/.test(part));
  const streamBitrate = parts.map((part) => /^(\d+) kb\/s/.exec(part)?.[1]).find(Boolean);
  const bitrate = streamBitrate ?? overallBitrate;
  return {
    container,
    codec,
    sampleRateHz: rate ? Number(rate) : null,
    channels: layout ? (CHANNEL_LAYOUTS[layout] ?? Number.parseInt(layout, 10)) : null,
    bitrateKbps: bitrate ? Number(bitrate) : null,
    durationSeconds: durationText ? parseClockTime(durationText) : null,
  };
}

/**
 * Probes a media file with ffmpeg itself (`ffmpeg -hide_banner -nostdin -i <file>`, which describes the input and
 * exits because no output is named), so no separate ffprobe binary is needed.
 * @throws Error when ffmpeg cannot be started or does not recognise the file.
 */
export async function probeAudio(
  ffmpegPath: string,
  file: string,
  signal?: AbortSignal,
): Promise<AudioProbe> {
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffmpegPath, ["-hide_banner", "-nostdin", "-i", file], {
      stdio: ["ignore", "ignore", "pipe"],
      ...(signal ? { signal } : {}),
    });
    let text = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      text += chunk;
    });
    child.once("error", reject);
    child.once("close", () => resolve(text));
  });
  if (!/^Input #0/m.test(stderr))
    throw new Error(`ffmpeg does not recognise ${file}: ${stderr.trim().split("\n").pop() ?? ""}`);
  return parseInputDescription(stderr);
}
