import stopwordLists from "stopword";

/**
 * ISO 639-1 → the ISO 639-3 key of the `stopword` package's list for that language (its 60 languages that have a
 * 639-1 code). Brazilian Portuguese and Gurmukhi Punjabi have lists of their own.
 */
const STOPWORD_KEYS: Readonly<Record<string, string>> = {
  af: "afr",
  ar: "ara",
  bg: "bul",
  bn: "ben",
  br: "bre",
  ca: "cat",
  cs: "ces",
  da: "dan",
  de: "deu",
  el: "ell",
  en: "eng",
  eo: "epo",
  es: "spa",
  et: "est",
  eu: "eus",
  fa: "fas",
  fi: "fin",
  fr: "fra",
  ga: "gle",
  gl: "glg",
  gu: "guj",
  ha: "hau",
  he: "heb",
  hi: "hin",
  hr: "hrv",
  hu: "hun",
  hy: "hye",
  id: "ind",
  it: "ita",
  ja: "jpn",
  ko: "kor",
  ku: "kur",
  la: "lat",
  lt: "lit",
  lv: "lav",
  mr: "mar",
  ms: "msa",
  my: "mya",
  nb: "nob",
  nl: "nld",
  no: "nob",
  pa: "panGu",
  pl: "pol",
  pt: "por",
  ro: "ron",
  ru: "rus",
  sk: "slk",
  sl: "slv",
  so: "som",
  st: "sot",
  sv: "swe",
  sw: "swa",
  th: "tha",
  tl: "tgl",
  tr: "tur",
  uk: "ukr",
  ur: "urd",
  vi: "vie",
  yo: "yor",
  zh: "zho",
  zu: "zul",
};

/** The primary language subtag, lower case (`pt-BR` → `pt`, `iw` → `he`). */
export function primarySubtag(tag: string): string {
  const primary = tag.split(/[-_]/)[0]?.toLowerCase() ?? "";
  return primary === "iw" ? "he" : primary === "in" ? "id" : primary;
}

const cache = new Map<string, ReadonlySet<string>>();

/** The stopwords of a language (lower case), empty when the package has no list for it. */
export function stopwordsFor(tag: string): ReadonlySet<string> {
  const key = tag.toLowerCase() === "pt-br" ? "porBr" : STOPWORD_KEYS[primarySubtag(tag)];
  let set = key ? cache.get(key) : undefined;
  if (!set) {
    set = new Set((key ? stopwordLists[key] : undefined) ?? []);
    if (key) cache.set(key, set);
  }
  return set;
}

/** Word tokens of a text in a language (ICU word segmentation, so scripts without spaces work), lower case. */
export function wordsOf(text: string, language: string): { word: string; surface: string }[] {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: "word" });
  const words: { word: string; surface: string }[] = [];
  for (const part of segmenter.segment(text))
    if (part.isWordLike)
      words.push({ word: part.segment.toLocaleLowerCase(safeLocale(language)), surface: part.segment });
  return words;
}

/** The tag when ICU accepts it, else `und`. */
export function safeLocale(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? "und";
  } catch {
    return "und";
  }
}
