import { component, count, isoDate, url } from "@sda/contract";
import { z } from "zod";

/**
 * The shapes the adsite operations' outputs share (the Meta Ad Library's `collated_results` entries, the advertiser
 * they name, and the ad details' transparency), built on core's shared shapes. Platform fields are nullable; empty or
 * blank strings of the library are null.
 */

const text = z.string().nullable();

/** A call to action: its label and Meta's type (`SHOP_NOW`, `LEARN_MORE`, …). */
export const adCta = component(
  "AdsiteCta",
  z.object({ text, type: text.describe("Meta's call-to-action type (`SHOP_NOW`, `LEARN_MORE`, …).") }),
  "An ad's call to action.",
);

/** One video of a creative. */
export const adVideo = component(
  "AdsiteVideo",
  z.object({ hdUrl: url.nullable(), sdUrl: url.nullable(), previewImageUrl: url.nullable() }),
  "A video of an ad (signed CDN links that expire within days).",
);

/** One card of a carousel, catalogue (DPA) or dynamic (DCO) ad. */
export const adCard = component(
  "AdsiteCard",
  z.object({
    body: text,
    title: text,
    linkUrl: url.nullable(),
    linkDescription: text,
    caption: text,
    cta: adCta,
    imageUrl: url.nullable(),
    video: adVideo.nullable(),
  }),
  "A card of a carousel, catalogue or dynamic ad, with its own text, link, call to action and image or video.",
);

/** The creative of an ad. */
export const adCreative = component(
  "AdsiteCreative",
  z.object({
    body: text.describe(
      "The ad's text; for a templated ad (`{{product.name}}`) the first card's text, else null.",
    ),
    title: text,
    isTemplated: z.boolean().describe("True when the library's top-level text held an unrendered template."),
    linkUrl: url.nullable().describe("The link as published (click-time macros kept)."),
    linkDescription: text,
    caption: text.describe("The domain line under the link."),
    cta: adCta,
    images: z.array(url).describe("Image URLs (original size where given)."),
    videos: z.array(adVideo),
    cards: z.array(adCard),
    extraLinks: z.array(url),
  }),
  "What an ad shows.",
);

/** The advertiser (Facebook page) an ad runs for. */
export const adAdvertiser = component(
  "AdsiteAdvertiser",
  z.object({
    id: z.string().describe("The page id (`page_id`)."),
    name: text,
    url: url.nullable().describe("The page's profile link (`page_profile_uri`)."),
    likes: count.nullable().describe("The page's likes, exact."),
    categories: z.array(z.string()).describe("The page's categories, repeats removed."),
    avatarUrl: url.nullable(),
    isDeleted: z.boolean(),
  }),
  "The advertiser's Facebook page.",
);

/** A range read from one of the library's display strings (`$200K - $250K`, `>1M`, `<100`). */
export const adRange = component(
  "AdsiteRange",
  z.object({
    lower: count.nullable().describe("Lower bound; 0 for `<A`; null when the text is not a range."),
    upper: count.nullable().describe("Upper bound; null for `>A` or when the text is not a range."),
    text: text.describe("The library's display string, as shown."),
  }),
  "A range as the library displays it, with its bounds.",
);

/** The political or issue ad fields. */
export const adPolitical = component(
  "AdsitePolitical",
  z.object({
    paidForBy: text.describe("The disclaimer's byline (`Paid for by …`)."),
    disclaimer: text.describe("The library's disclaimer label (`PAID_FOR_BY`)."),
    spend: adRange.extend({ currency: text }).nullable(),
    impressions: adRange.nullable(),
    reach: adRange.nullable(),
    disclosure: z
      .object({
        authorizedEntityText: text,
        submittedAt: isoDate.nullable(),
        submittedAtText: text,
        website: url.nullable(),
      })
      .nullable()
      .describe("The advertiser's disclosure (its phone, e-mail and address are never returned)."),
  }),
  "What the library shows of a political or issue ad.",
);

/** Reach of an ad in one region (EU or UK), as the ad details show it. */
export const regionReach = component(
  "AdsiteRegionReach",
  z.object({
    targeted: z.boolean().nullable().describe("EU: whether the ad targets the EU (`targets_eu`); UK: null."),
    reach: count.nullable().describe("The region's total reach as served (the rows need not add up to it)."),
    ageMin: z.int().nullable(),
    ageMax: z.int().nullable(),
    gender: text.describe("The gender audience (`All`, `Men`, `Women`)."),
    locations: z.array(z.object({ name: z.string(), type: text, excluded: z.boolean() })),
    byCountryAgeGender: z.array(
      z.object({
        country: z.string(),
        ageRange: z.string().describe("`18-24`, …, `65+` or `Unknown`."),
        male: count.nullable(),
        female: count.nullable(),
        unknown: count.nullable(),
      }),
    ),
  }),
  "An ad's audience and reach in one region, as served.",
);

/** The transparency of one ad (payers, EU and UK reach). */
export const adTransparency = component(
  "AdsiteTransparency",
  z.object({
    payers: z.array(z.object({ payer: text, beneficiary: text })),
    eu: regionReach.nullable(),
    uk: regionReach.nullable(),
  }),
  "Who paid for an ad and whom it reached (EU and UK).",
);

/** One ad of the library. */
export const ad = component(
  "AdsiteAd",
  z.object({
    id: z.string().describe("The Library ID (`ad_archive_id`)."),
    url: url.describe("`https://www.facebook.com/ads/library/?id=<id>`."),
    advertiser: adAdvertiser,
    isActive: z.boolean(),
    firstShownAt: isoDate
      .nullable()
      .describe("The first day shown (the UTC calendar day of the library's date)."),
    lastShownAt: isoDate.nullable().describe("The last day shown (for an active ad: the day it was read)."),
    daysShown: z.int().min(1).nullable().describe("Days from first to last shown, both counted."),
    platforms: z.array(z.string()).describe("Where it runs, as served: `FACEBOOK`, `INSTAGRAM`, …"),
    format: text.describe("`display_format`: IMAGE, VIDEO, CAROUSEL, DPA, DCO, …"),
    categories: z.array(z.string()).describe("The library's categories (`UNKNOWN` for an ordinary ad)."),
    variants: z.int().min(1).describe("Ads using this creative (`collation_count`; 1 when not given)."),
    collationId: z.string().nullable(),
    creative: adCreative,
    political: adPolitical
      .nullable()
      .describe("Null unless the ad is political or issue, or paid-for-by labelled."),
    transparency: adTransparency.nullable().describe("Null in lists (read it with ad-details)."),
    aaaEligible: z.boolean().nullable(),
    containsSensitiveContent: z.boolean().nullable(),
    containsDigitalCreatedMedia: z.boolean().nullable(),
    position: z.int().min(1).describe("1-based rank in the list as served."),
  }),
  "An ad of the Meta Ad Library.",
);

/** The fields of every ad list (search, advertiser-ads) besides the page fields. */
export const listFields = {
  country: z.string().describe("`ALL` or the ISO-3166 code searched, upper-case."),
  status: z.string(),
  adType: z.string(),
  mediaType: z.string(),
  totalCount: count
    .nullable()
    .describe("The library's own count of matching ads (first page only; null after)."),
};
