/**
 * Language names → BCP-47 codes for speech-to-text answers. Whisper-family servers (OpenAI's `verbose_json`, and the
 * servers that copy it) answer `language` as a lower-case English name ("english", "haitian creole"); others answer
 * a code. SPEC §2.4 wants a code.
 */

/** Whisper's language list (`whisper/tokenizer.py` LANGUAGES), code → name, with `jw` written as BCP-47 `jv`. */
const WHISPER_LANGUAGES: Readonly<Record<string, string>> = {
  en: "english",
  zh: "chinese",
  de: "german",
  es: "spanish",
  ru: "russian",
  ko: "korean",
  fr: "french",
  ja: "japanese",
  pt: "portuguese",
  tr: "turkish",
  pl: "polish",
  ca: "catalan",
  nl: "dutch",
  ar: "arabic",
  sv: "swedish",
  it: "italian",
  id: "indonesian",
  hi: "hindi",
  fi: "finnish",
  vi: "vietnamese",
  he: "hebrew",
  uk: "ukrainian",
  el: "greek",
  ms: "malay",
  cs: "czech",
  ro: "romanian",
  da: "danish",
  hu: "hungarian",
  ta: "tamil",
  no: "norwegian",
  th: "thai",
  ur: "urdu",
  hr: "croatian",
  bg: "bulgarian",
  lt: "lithuanian",
  la: "latin",
  mi: "maori",
  ml: "malayalam",
  cy: "welsh",
  sk: "slovak",
  te: "telugu",
  fa: "persian",
  lv: "latvian",
  bn: "bengali",
  sr: "serbian",
  az: "azerbaijani",
  sl: "slovenian",
  kn: "kannada",
  et: "estonian",
  mk: "macedonian",
  br: "breton",
  eu: "basque",
  is: "icelandic",
  hy: "armenian",
  ne: "nepali",
  mn: "mongolian",
  bs: "bosnian",
  kk: "kazakh",
  sq: "albanian",
  sw: "swahili",
  gl: "galician",
  mr: "marathi",
  pa: "punjabi",
  si: "sinhala",
  km: "khmer",
  sn: "shona",
  yo: "yoruba",
  so: "somali",
  af: "afrikaans",
  oc: "occitan",
  ka: "georgian",
  be: "belarusian",
  tg: "tajik",
  sd: "sindhi",
  gu: "gujarati",
  am: "amharic",
  yi: "yiddish",
  lo: "lao",
  uz: "uzbek",
  fo: "faroese",
  ht: "haitian creole",
  ps: "pashto",
  tk: "turkmen",
  nn: "nynorsk",
  mt: "maltese",
  sa: "sanskrit",
  lb: "luxembourgish",
  my: "myanmar",
  bo: "tibetan",
  tl: "tagalog",
  mg: "malagasy",
  as: "assamese",
  tt: "tatar",
  haw: "hawaiian",
  ln: "lingala",
  ha: "hausa",
  ba: "bashkir",
  jv: "javanese",
  su: "sundanese",
  yue: "cantonese",
};

/** Whisper's alternative names (`TO_LANGUAGE_CODE`) and common English names of the same languages. */
const ALIASES: Readonly<Record<string, string>> = {
  burmese: "my",
  valencian: "ca",
  flemish: "nl",
  haitian: "ht",
  letzeburgesch: "lb",
  pushto: "ps",
  panjabi: "pa",
  moldavian: "ro",
  moldovan: "ro",
  sinhalese: "si",
  castilian: "es",
  mandarin: "zh",
  farsi: "fa",
  "norwegian bokmål": "nb",
  "norwegian nynorsk": "nn",
  filipino: "fil",
};

const BY_NAME: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  // English display names from ICU as a second spelling ("Slovenian" / "Slovene"), whisper's own names win.
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  for (const code of Object.keys(WHISPER_LANGUAGES)) {
    const display = names.of(code)?.toLowerCase();
    if (display) map.set(display, code);
  }
  for (const [code, name] of Object.entries(WHISPER_LANGUAGES)) map.set(name, code);
  for (const [name, code] of Object.entries(ALIASES)) map.set(name, code);
  return map;
})();

/** Legacy or non-standard codes some servers still answer. */
const LEGACY_CODES: Readonly<Record<string, string>> = { jw: "jv", iw: "he", in: "id", ji: "yi" };

/**
 * A provider's `language` value as a BCP-47 code: a language name ("english", "Haitian Creole", "castilian") is
 * looked up; a code ("en", "pt-br", "jw") is canonicalised ("pt-BR", "jv").
 * @returns the code, or null when the value is empty or names no known language.
 */
export function languageCodeOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const byName = BY_NAME.get(text.toLowerCase());
  if (byName) return byName;
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(text)) return null;
  const [primary = "", ...rest] = text.replace(/_/g, "-").split("-");
  const code = [LEGACY_CODES[primary.toLowerCase()] ?? primary, ...rest].join("-");
  try {
    return Intl.getCanonicalLocales(code)[0] ?? null;
  } catch {
    return null;
  }
}
