import { arrayOf, isObject, type JsonObject, textOf } from "./json-walk.ts";

/** A call to action. */
export interface AdCta {
  text: string | null;
  type: string | null;
}

/** A video of a creative (signed CDN links). */
export interface AdVideo {
  hdUrl: string | null;
  sdUrl: string | null;
  previewImageUrl: string | null;
}

/** One card of a carousel, catalogue (DPA) or dynamic (DCO) ad. */
export interface AdCard {
  body: string | null;
  title: string | null;
  linkUrl: string | null;
  linkDescription: string | null;
  caption: string | null;
  cta: AdCta;
  imageUrl: string | null;
  video: AdVideo | null;
}

/** What an ad shows (the `snapshot`'s creative part). */
export interface AdCreative {
  body: string | null;
  title: string | null;
  /** True when the library's top-level text held an unrendered `{{…}}` template. */
  isTemplated: boolean;
  linkUrl: string | null;
  linkDescription: string | null;
  caption: string | null;
  cta: AdCta;
  images: string[];
  videos: AdVideo[];
  cards: AdCard[];
  extraLinks: string[];
}

/** An unrendered catalogue or dynamic template (`{{product.name}}`). */
const TEMPLATE = /\{\{[^{}]*\}\}/;

/** True when `text` holds a `{{…}}` template. */
const isTemplate = (text: string | null): boolean => text !== null && TEMPLATE.test(text);

/** Text that is neither blank nor a template, else null. */
const rendered = (value: unknown): string | null => {
  const text = textOf(value);
  return isTemplate(text) ? null : text;
};

/** The `body` of a snapshot: `{text}` at the top level, a plain string on cards. */
const bodyText = (value: unknown): string | null => textOf(isObject(value) ? value.text : value);

const ctaOf = (source: JsonObject): AdCta => ({
  text: textOf(source.cta_text),
  type: textOf(source.cta_type),
});

function videoOf(source: JsonObject): AdVideo | null {
  const video = {
    hdUrl: textOf(source.video_hd_url),
    sdUrl: textOf(source.video_sd_url),
    previewImageUrl: textOf(source.video_preview_image_url),
  };
  return video.hdUrl || video.sdUrl ? video : null;
}

const imageOf = (source: JsonObject): string | null =>
  textOf(source.original_image_url) ?? textOf(source.resized_image_url);

function cardOf(source: JsonObject): AdCard {
  return {
    body: rendered(bodyText(source.body)),
    title: rendered(source.title),
    linkUrl: textOf(source.link_url),
    linkDescription: rendered(source.link_description),
    caption: rendered(source.caption),
    cta: ctaOf(source),
    imageUrl: imageOf(source),
    video: videoOf(source),
  };
}

/**
 * The creative of a `snapshot`. A top-level text holding a template (catalogue and dynamic ads) is replaced by the
 * first card's text of the same field (its first variant as rendered), or null: never a template.
 */
export function readCreative(snapshot: JsonObject): AdCreative {
  const cards = arrayOf(snapshot.cards).filter(isObject).map(cardOf);
  const first = cards[0];
  let templated = false;
  const topLevel = (value: string | null, fromCard: string | null | undefined): string | null => {
    if (!isTemplate(value)) return value;
    templated = true;
    return fromCard ?? null;
  };
  const body = topLevel(bodyText(snapshot.body), first?.body);
  const title = topLevel(textOf(snapshot.title), first?.title);
  const linkDescription = topLevel(textOf(snapshot.link_description), first?.linkDescription);
  const caption = topLevel(textOf(snapshot.caption), first?.caption);
  return {
    body,
    title,
    isTemplated: templated,
    linkUrl: textOf(snapshot.link_url),
    linkDescription,
    caption,
    cta: ctaOf(snapshot),
    images: arrayOf(snapshot.images)
      .filter(isObject)
      .map(imageOf)
      .filter((u): u is string => u !== null),
    videos: arrayOf(snapshot.videos)
      .filter(isObject)
      .map(videoOf)
      .filter((v): v is AdVideo => v !== null),
    cards,
    extraLinks: arrayOf(snapshot.extra_links)
      .map(textOf)
      .filter((u): u is string => u !== null),
  };
}
