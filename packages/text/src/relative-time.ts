/**
 * Relative time labels as platforms print them under a post or a video ("3 weeks ago", "Streamed 2 days ago",
 * "Updated yesterday", "vor 3 Wochen", "il y a 2 jours", "hace 1 año", "3 日前"), turned into an approximate
 * point in time (SPEC §2.2 and §2.7: ISO-8601 truncated to the label's precision).
 *
 * The reference is the moment the platform rendered the label: the upstream response's `Date` header
 * (`UpstreamResponse.date`), not the time we read it, so a cached or replayed answer resolves to the same instant.
 */

/** How finely a label pins its time: the ISO value is truncated to this unit. */
type TimePrecision = "second" | "minute" | "hour" | "day";

/** A relative label resolved against its reference time. */
interface RelativeTime {
  /** UTC ISO-8601 with milliseconds, truncated to `precision` ("2022-01-26T00:00:00.000Z" for "4 years ago"). */
  iso: string;
  precision: TimePrecision;
}

type Unit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

/** Splits a space-separated list of regex alternatives. */
function words(list: string): string[] {
  return list.split(" ");
}

/**
 * Unit words in the platforms' display languages (en, de, fr, es, pt, it, nl, pl, ru, tr, ja, zh, ko), most specific
 * first. Latin and Cyrillic words must end the word; CJK units are followed directly by 前/전.
 */
const UNIT_WORDS: Record<Unit, readonly string[]> = {
  second: words(
    "seconds? secs? sekunden? secondes? segundos? secondi secondo seconden seconde секунд\\p{L}*",
  ).concat(words("sekund\\p{L}* saniye 秒 초")),
  minute: words(
    "minutes? mins? minuten? minutos? minuti minuto minuut минут\\p{L}* minut\\p{L}* dakika",
  ).concat(words("分钟 分鐘 分 분")),
  hour: words(
    "hours? hrs? stunden? heures? horas? ore ora uur час\\p{L}* godzin\\p{L}* saat 時間 小时 小時 시간",
  ),
  day: words(
    "days? tag(?:e|en)? jours? días? dias? giorni giorno dagen dag дн\\p{L}* день dzień dni gün 日 天 일",
  ),
  week: words(
    "weeks? wochen? semaines? semanas? settimane settimana weken недел\\p{L}* tydzień tygodni\\p{L}*",
  ).concat(words("hafta 週間 週 周 주")),
  month: words(
    "months? monat(?:e|en)? mois meses mes mesi mese maanden maand месяц\\p{L}* miesiąc\\p{L}*",
  ).concat(words("miesięcy miesiące ay か月 ヶ月 个月 個月 개월")),
  year: words(
    "years? yrs? jahr(?:e|en)? années? ans? años? anos? anni anno jaar год\\p{L}* лет lata lat rok yıl",
  ).concat(words("年 년")),
};

const CJK = /^[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

// Words meaning "one" that stand where a number does: "an hour ago", "vor einem Tag", "il y a un an".
const ONE_WORDS = words("an a one einem einer ein eine une un uno una um uma een");

const NUMBER = `(\\d+|${ONE_WORDS.join("|")})`;

const UNIT_PATTERNS: readonly (readonly [Unit, RegExp])[] = (Object.keys(UNIT_WORDS) as Unit[]).map(
  (unit) => {
    const words = UNIT_WORDS[unit].map((word) => (CJK.test(word) ? word : `(?:${word})(?![\\p{L}\\p{M}])`));
    return [unit, new RegExp(`(?<![\\p{L}\\d])${NUMBER}[\\s\\u00a0]*(?:${words.join("|")})`, "iu")] as const;
  },
);

// The label must say "ago" in some language: "3 days" alone is a duration, and "in 3 days" (an upcoming premiere)
// lies in the future.
const AGO = /(?<![\p{L}])(?:ago|vor|il y a|hace|há|fa|geleden|назад|temu|önce)(?![\p{L}])|前|전/iu;
const JUST_NOW = /just now|gerade eben|à l'instant|ahora mismo|agora mesmo|proprio ora|zojuist|только что/iu;
const TODAY =
  /(?<![\p{L}])(?:today|heute|aujourd'hui|hoy|hoje|oggi|vandaag|dzisiaj|сегодня|bugün)(?![\p{L}])|今日|今天|오늘/iu;
const YESTERDAY =
  /(?<![\p{L}])(?:yesterday|gestern|hier|ayer|ontem|ieri|gisteren|wczoraj|вчера|dün)(?![\p{L}])|昨日|昨天|어제/iu;

const PRECISION: Record<Unit, TimePrecision> = {
  second: "second",
  minute: "minute",
  hour: "hour",
  day: "day",
  week: "day",
  month: "day",
  year: "day",
};

const UNIT_MS: Partial<Record<Unit, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
};

/** `date` minus `months` calendar months, the day clamped to the target month's length (Mar 31 − 1 month = Feb 28). */
function minusMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** Truncates to the precision's unit, in UTC. */
export function truncateTime(date: Date, precision: TimePrecision): Date {
  const result = new Date(date.getTime());
  if (precision === "day") result.setUTCHours(0, 0, 0, 0);
  else if (precision === "hour") result.setUTCMinutes(0, 0, 0);
  else if (precision === "minute") result.setUTCSeconds(0, 0);
  else result.setUTCMilliseconds(0);
  return result;
}

function resolved(date: Date, precision: TimePrecision): RelativeTime {
  return { iso: truncateTime(date, precision).toISOString(), precision };
}

/**
 * Resolves a relative time label against the time the platform rendered it.
 *
 * - "N unit ago" in any supported language, with any prefix ("Streamed", "Premiered", "Updated"): seconds, minutes
 *   and hours keep their unit's precision; days, weeks, months and years are day precision (months and years are
 *   calendar steps).
 * - "just now" → the reference minute; "today" / "yesterday" → that UTC day.
 *
 * @param label e.g. "3 weeks ago", "Streamed 2 days ago", "vor 4 Jahren", "Updated yesterday".
 * @param reference the response's `Date` header (fall back to the request time only when the platform sent none).
 * @returns the approximate time, or null when the label is not a past relative time (an absolute date, "in 3 days",
 *   "Scheduled for …", empty).
 */
export function parseRelativeTime(label: string | null | undefined, reference: Date): RelativeTime | null {
  if (!label || Number.isNaN(reference.getTime())) return null;
  const text = label.trim();
  if (AGO.test(text)) {
    for (const [unit, pattern] of UNIT_PATTERNS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const raw = match[1] ?? "1";
      const amount = /^\d+$/.test(raw) ? Number(raw) : 1;
      const step = UNIT_MS[unit];
      const date =
        step !== undefined
          ? new Date(reference.getTime() - amount * step)
          : minusMonths(reference, unit === "year" ? amount * 12 : amount);
      return resolved(date, PRECISION[unit]);
    }
  }
  if (JUST_NOW.test(text)) return resolved(reference, "minute");
  if (YESTERDAY.test(text)) return resolved(new Date(reference.getTime() - 86_400_000), "day");
  if (TODAY.test(text)) return resolved(reference, "day");
  return null;
}

/** The SPEC §2.2 triple of a time derived from a relative label. */
interface RelativeTimeField {
  /** The label as shown (trimmed), or null. */
  text: string | null;
  /** The approximate ISO time, or null when the label is not a relative time. */
  iso: string | null;
  /** True when `iso` was derived from the relative label. */
  isApproximate: boolean;
}

/**
 * Reads a label into the `…Text`, `…Approx`, `…IsApproximate` triple (comments' `publishedTime…`, list cards'
 * `publishedTime…`). See {@link parseRelativeTime}.
 */
export function relativeTimeField(label: string | null | undefined, reference: Date): RelativeTimeField {
  const text = label?.trim() || null;
  const parsed = parseRelativeTime(text, reference);
  return { text, iso: parsed?.iso ?? null, isApproximate: parsed !== null };
}
