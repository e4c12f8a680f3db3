import { z } from "zod";

/**
 * The shared shapes of answers (SPEC §2.1, §2.2, §2.8), written once and reused by every platform's `output` schemas,
 * the service groups' resources and the OpenAPI document. A schema given an `id` here (through {@link component})
 * becomes a named component (`#/components/schemas/<id>`) wherever it is used.
 *
 * Rules the shapes follow, because an independent JSON Schema validator checks real answers against the document:
 * - SPEC §2.1 "any field can be null when the platform does not expose it": platform fields are `.nullable()` unless
 *   the service itself always produces them (ids parsed from the request, flags it computes);
 * - objects are open: the document never says `additionalProperties: false` (SPEC §9.4 lists "the fields seen"), so
 *   a platform field added later does not break a caller's validator; tests check the other way round that every
 *   answered field is documented;
 * - no enum or pattern on text a platform writes (labels, names, languages); patterns only on values the service
 *   formats itself (timestamps, dates).
 */

/**
 * Names a schema: it becomes `#/components/schemas/<id>` in the OpenAPI document, with `description`.
 * @param id PascalCase, unique in the document (the generator refuses two schemas with one id).
 */
export function component<S extends z.ZodType>(id: string, schema: S, description: string): S {
  return schema.meta({ id, description });
}

/** SPEC §2.2 / §2.6: a UTC instant as the service writes it, `2015-01-28T05:14:36.000Z` (milliseconds and `Z`). */
const ISO_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A UTC instant with milliseconds and `Z` (`Date.prototype.toISOString`), e.g. `2015-01-28T05:14:36.000Z`. */
export const timestamp = component(
  "Timestamp",
  z
    .string()
    .regex(ISO_TIMESTAMP_PATTERN)
    .meta({ format: "date-time", examples: ["2015-01-28T05:14:36.000Z"] }),
  "UTC instant, ISO-8601 with milliseconds and `Z` (`2015-01-28T05:14:36.000Z`).",
);

/** A calendar day, `YYYY-MM-DD` (a channel's join date). */
export const isoDate = component(
  "IsoDate",
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ format: "date", examples: ["2008-09-22"] }),
  "Calendar day, ISO-8601 `YYYY-MM-DD`.",
);

/** A count the platform gives: a non-fractional number (views, likes, members), null when not exposed. */
export const count = z.int();

/** An absolute URL as the platform links it (not checked: platforms link what they link). */
export const url = z.string();

/** Per-field descriptions of a shape, kept beside it (`describe` attaches each to its property). */
function described<T extends Record<string, z.ZodType>>(
  shape: T,
  notes: Partial<Record<keyof T, string>>,
): T {
  const out: Record<string, z.ZodType> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const note = notes[key as keyof T];
    out[key] = note ? schema.describe(note) : schema;
  }
  return out as T;
}

/**
 * SPEC §2.2: a count shown as a compact label ("727K"): `<name>` the expanded integer, `<name>Text` the label as
 * shown, `<name>IsApproximate` true when the integer came from a rounded label (always keyed; false when the count is
 * null). Spread into an object shape: `z.object({ ...countWithLabel("viewCount") })`.
 */
export function countWithLabel<const N extends string>(name: N) {
  return described(
    {
      [name]: count.nullable(),
      [`${name}Text`]: z.string().nullable(),
      [`${name}IsApproximate`]: z.boolean(),
    } as Record<N, z.ZodNullable<typeof count>> &
      Record<`${N}Text`, z.ZodNullable<z.ZodString>> &
      Record<`${N}IsApproximate`, z.ZodBoolean>,
    {
      [name]: "Integer, expanded from the platform's label when it was compact; null when not exposed.",
      [`${name}Text`]: "The label as the platform showed it (e.g. `727K`).",
      [`${name}IsApproximate`]: "True when the integer was expanded from a rounded label.",
    } as never,
  );
}

/**
 * SPEC §2.2: a time derived from a relative label ("3 weeks ago"): `<prefix>Text` the label, `<prefix>Approx` the
 * ISO time truncated to the label's precision, `<prefix>IsApproximate` true when derived from the label.
 */
export function approximateTime<const P extends string>(prefix: P) {
  return described(
    {
      [`${prefix}Text`]: z.string().nullable(),
      [`${prefix}Approx`]: timestamp.nullable(),
      [`${prefix}IsApproximate`]: z.boolean(),
    } as Record<`${P}Text`, z.ZodNullable<z.ZodString>> &
      Record<`${P}Approx`, z.ZodNullable<typeof timestamp>> &
      Record<`${P}IsApproximate`, z.ZodBoolean>,
    {
      [`${prefix}Text`]: "The relative label as the platform showed it (e.g. `3 weeks ago`).",
      [`${prefix}Approx`]: "ISO time derived from the label, truncated to its precision (day, hour, minute).",
      [`${prefix}IsApproximate`]: "True when the time was derived from a relative label.",
    } as never,
  );
}

/** SPEC §2.2: the pagination fields of every list result, spread into its `data` object. */
export const pageFields = described(
  {
    totalReturned: z.int().min(0),
    nextCursor: z.string().nullable(),
    hasMore: z.boolean(),
  },
  {
    totalReturned: "Items in this page.",
    nextCursor: "Pass as `cursor` to read the next page; null at the end of the list.",
    hasMore: "False when this is the last page.",
  },
);

/**
 * A list result (SPEC §2.2): `totalReturned`, `nextCursor`, `hasMore` and the list under `key`, plus the operation's
 * own fields (`extra`, e.g. `url`, `videoId`).
 */
export function listPage<
  const K extends string,
  I extends z.ZodType,
  E extends z.ZodRawShape = Record<never, never>,
>(key: K, item: I, extra?: E) {
  return z.object({
    ...((extra ?? {}) as E),
    ...pageFields,
    ...({ [key]: z.array(item) } as Record<K, z.ZodArray<I>>),
  });
}

/**
 * SPEC §2.8: the canonical profile core every profile result starts with. A platform narrows a field's type (e.g.
 * `createdAt` as a day) with `.extend`; only `platform` and `id` are never null.
 */
export const profileCore = described(
  {
    platform: z.string(),
    id: z.string(),
    username: z.string().nullable(),
    url: url.nullable(),
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    avatar: url.nullable(),
    banner: url.nullable(),
    followers: count.nullable(),
    postCount: count.nullable(),
    verified: z.boolean().nullable(),
    createdAt: z.string().nullable(),
  },
  {
    platform: "The platform's neutral name (`videosite`, `photosite`, …).",
    id: "The platform's id of the profile.",
    username: "Handle without the at-sign.",
    url: "Profile URL.",
    displayName: "Name as shown.",
    bio: "Profile text.",
    avatar: "Avatar image URL.",
    banner: "Banner image URL; never the avatar as a substitute (always keyed).",
    followers: "Followers (subscribers, members).",
    postCount: "Posts (videos) published.",
    verified: "Verified badge; null when unread (not unverified).",
    createdAt: "When the profile was created: ISO-8601 date or timestamp.",
  },
);

/** A link of a profile or a description: absolute URL and its text (null when the platform shows only the URL). */
export const link = component(
  "Link",
  z.object({ url, text: z.string().nullable() }),
  "A link: absolute URL and the text shown for it (null when none).",
);

/** One timed cue of a transcript (SPEC §2.3, §2.4): integer milliseconds, `endMs > startMs`. */
export const segment = component(
  "Segment",
  z.object({ text: z.string(), startMs: z.int().min(0), endMs: z.int().min(0) }),
  "A timed transcript cue: text, start and end in integer milliseconds (`endMs > startMs`).",
);

/**
 * SPEC §2.4 (whole seconds and integer ms: §2.2): what speech-to-text heard in a medium, the one shape of every
 * transcript by speech-to-text (videosite's and audiosite's audio transcripts through
 * {@link speechTranscriptFields}, photosite's reel transcript): the tier, the language, the medium's length in whole
 * seconds, the timed segments (integer ms) and their text, `source: "asr"`. Put after the answer's own `platform`,
 * media id and `url`.
 */
export const speechFields = {
  asrProvider: z
    .string()
    .describe("`asr-fast` (default) or `asr-standard` (when the fast tier was unavailable)."),
  language: z
    .string()
    .describe("BCP-47 code: the `language` parameter, else the detected one (`und`: none)."),
  languageIsDetected: z.boolean(),
  // Each answer describes its length (the billing basis; a flat-priced reel's, which may be unknown).
  durationSeconds: z.int().min(0),
  segments: z.array(segment),
  text: z.string(),
  source: z.literal("asr"),
};

/**
 * SPEC §2.4: the fields of an audio transcript (priced per minute) after its platform's own `platform` and media id
 * (`videoId`, `trackId`): `url`, the {@link speechFields} with `durationSeconds` the floor of the media's length (the
 * basis of billing), and the credits as integers before `source`. `medium` names what was transcribed in the
 * descriptions (`video`, `track`).
 */
export function speechTranscriptFields(medium: string) {
  const { source, ...heard } = speechFields;
  return {
    url,
    ...heard,
    durationSeconds: heard.durationSeconds.describe(`The ${medium}'s length: the basis of billing.`),
    creditsUsed: z.int().min(0).describe("`ceil(durationSeconds / 60) * 2`."),
    estimatedCredits: z.int().min(0).describe("Same number as `creditsUsed`."),
    source,
  };
}

/** SPEC §2.6 / §2.8: `degraded` and `degradedReason` of answers assembled from several upstream parts. */
export const degradedFields = described(
  { degraded: z.boolean(), degradedReason: z.string().nullable() },
  {
    degraded: "True when a part could not be read; retry later for the whole answer.",
    degradedReason: "Null, or why the answer is partial (`partial-extraction`).",
  },
);

/**
 * The fields every media item starts with (a photo slide, a gallery picture, a clip): its kind as the platform names
 * it, the file URL and the pixel size. Platforms extend it with their own (`previewUrl`, `accessibilityCaption`, …).
 */
export const mediaItemFields = described(
  {
    type: z.string().nullable(),
    url: url.nullable(),
    width: count.nullable(),
    height: count.nullable(),
  },
  {
    type: "Kind of media as the platform names it (`image`, `video`, `animated`, …); null while unprocessed.",
    url: "The media file's URL.",
    width: "Width in pixels.",
    height: "Height in pixels.",
  },
);

/** SPEC §2.5: the summary fields of every summarize operation (written by the service's summariser). */
export const summaryFields = described(
  {
    summary: z.string(),
    keyPoints: z.array(z.string()),
    topics: z.array(z.string()),
    sentiment: z.enum(["positive", "neutral", "negative"]),
  },
  {
    summary: "Prose; paragraphs separated by a blank line.",
    keyPoints: "The main points, in order.",
    topics: "Topics named.",
    sentiment: "Overall tone.",
  },
);
