import { z } from "zod";
import { ANDROID_CLIENT, LOCALE } from "./config.ts";

/**
 * One innertube app identity of the player requests: what goes into `context.client` and the headers. Operators can
 * override every field without a release through the identities config (`videosite.clients.<id>`, see
 * {@link videositeIdentitiesSchema}); the values here are the defaults.
 */
export interface InnertubeClient {
  clientName: string;
  clientVersion: string;
  /** `X-YouTube-Client-Name`: the numeric id of `clientName`. */
  clientId: string;
  userAgent: string;
  /** Further `context.client` fields of the app (device, OS), sent as given. */
  device: Record<string, string | number>;
}

/** The ANDROID app (see `ANDROID_CLIENT`): the default first player client. */
export const ANDROID: InnertubeClient = {
  clientName: ANDROID_CLIENT.clientName,
  clientVersion: ANDROID_CLIENT.clientVersion,
  clientId: ANDROID_CLIENT.clientId,
  userAgent: ANDROID_CLIENT.userAgent,
  device: {
    osName: ANDROID_CLIENT.osName,
    osVersion: ANDROID_CLIENT.osVersion,
    androidSdkVersion: ANDROID_CLIENT.androidSdkVersion,
  },
};

/**
 * The visionOS app (Apple Vision Pro), as NewPipe sends it in the recorded 2026 cases: its player answers carry
 * adaptive audio formats with a plain `url` (no signature, no PO token) and the caption tracks, where the 2026 ANDROID
 * answers offer only itag 18. It refuses made-for-kids videos ("This video is not available", UNPLAYABLE) that
 * ANDROID plays, so its refusals never speak for the video.
 */
export const VISIONOS: InnertubeClient = {
  clientName: "VISIONOS",
  clientVersion: "1.02",
  clientId: "101",
  userAgent: "com.google.visionos.youtube/1.02(RealityDevice14,1; U; CPU visionOS 25_6_0 like Mac OS X; US)",
  device: {
    deviceMake: "Apple",
    deviceModel: "RealityDevice14,1",
    osName: "visionOS",
    osVersion: "25.6.0.23O471",
  },
};

/** The player clients by strategy id. */
export const PLAYER_CLIENTS = { android: ANDROID, visionos: VISIONOS } as const;
export type PlayerClientId = keyof typeof PLAYER_CLIENTS;

const clientOverride = z
  .object({
    clientName: z.string().min(1),
    clientVersion: z.string().min(1),
    clientId: z.string().regex(/^\d+$/),
    userAgent: z.string().min(1),
    device: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .partial();

/**
 * The `videosite` section of the identities config: `clients.<android|visionos>` overrides (any subset of the
 * fields). The chain orders (`chains.<operation>`) are read by the strategy package.
 */
export const videositeIdentitiesSchema = z
  .object({ clients: z.object({ android: clientOverride, visionos: clientOverride }).partial() })
  .partial();

/** The player clients after the config's overrides (each field replaces the default's). */
export function resolveClients(
  section: z.infer<typeof videositeIdentitiesSchema>,
): Record<PlayerClientId, InnertubeClient> {
  const merge = (
    base: InnertubeClient,
    over: z.infer<typeof clientOverride> | undefined,
  ): InnertubeClient => ({
    ...base,
    ...Object.fromEntries(Object.entries(over ?? {}).filter(([, v]) => v !== undefined)),
  });
  return {
    android: merge(ANDROID, section.clients?.android),
    visionos: merge(VISIONOS, section.clients?.visionos),
  };
}

/** The `context` object of a player request by `client`. */
export function clientContext(client: InnertubeClient) {
  return {
    client: {
      clientName: client.clientName,
      clientVersion: client.clientVersion,
      clientScreen: "WATCH",
      platform: "MOBILE",
      ...client.device,
      hl: LOCALE.hl,
      gl: LOCALE.gl,
      utcOffsetMinutes: 0,
    },
    request: { internalExperimentFlags: [], useSsl: true },
    user: { lockedSafetyMode: false },
  };
}

/** Headers of an innertube POST by `client`. */
export function clientHeaders(client: InnertubeClient): Record<string, string> {
  return {
    "user-agent": client.userAgent,
    "content-type": "application/json",
    "accept-language": `${LOCALE.hl},en;q=0.9`,
    "x-goog-api-format-version": "2",
    "x-youtube-client-name": client.clientId,
    "x-youtube-client-version": client.clientVersion,
  };
}
