/** A word of a sentence with its lower-case form and whether it is a content word (not a stopword, not a number). */
export interface Token {
  word: string;
  surface: string;
  content: boolean;
}

const MAX_TOPICS = 6;

/** Scripts written without spaces between words: a phrase of two such words is shown without one. */
const SPACELESS =
  /^[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Thai}\p{Script_Extensions=Lao}\p{Script_Extensions=Khmer}\p{Script_Extensions=Myanmar}\p{Script_Extensions=Tibetan}]+$/u;

/**
 * Keyword topics: content words and two-word phrases of adjacent content words, scored by frequency (phrases must
 * occur twice and weigh 1.5×, words and phrases in the title weigh double). A word already inside a chosen phrase is
 * not repeated. Each topic is shown in its most frequent written form (so names keep their capitals).
 * @returns at most 6 topics, best first.
 */
export function extractTopics(
  sentences: readonly (readonly Token[])[],
  titleWords: ReadonlySet<string>,
): string[] {
  const counts = new Map<string, { count: number; forms: Map<string, number>; words: string[] }>();
  const add = (key: string, surface: string, words: string[]) => {
    const entry = counts.get(key) ?? { count: 0, forms: new Map<string, number>(), words };
    entry.count++;
    entry.forms.set(surface, (entry.forms.get(surface) ?? 0) + 1);
    counts.set(key, entry);
  };
  for (const tokens of sentences)
    tokens.forEach((token, i) => {
      if (!token.content) return;
      add(token.word, token.surface, [token.word]);
      const next = tokens[i + 1];
      if (!next?.content) return;
      const gap = SPACELESS.test(token.surface) && SPACELESS.test(next.surface) ? "" : " ";
      add(`${token.word} ${next.word}`, `${token.surface}${gap}${next.surface}`, [token.word, next.word]);
    });
  const scored = [...counts.entries()]
    .filter(([, e]) => e.words.length === 1 || e.count >= 2)
    .map(([key, e]) => {
      const inTitle = e.words.every((w) => titleWords.has(w));
      return { key, e, score: e.count * (e.words.length > 1 ? 1.5 : 1) * (inTitle ? 2 : 1) };
    })
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const chosen: { key: string; e: { forms: Map<string, number>; words: string[] } }[] = [];
  for (const candidate of scored) {
    if (chosen.length >= MAX_TOPICS) break;
    const covered = chosen.some(
      (c) => c.key === candidate.key || (candidate.e.words.length === 1 && c.e.words.includes(candidate.key)),
    );
    if (!covered) chosen.push(candidate);
  }
  return chosen.map(({ e }) => [...e.forms.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "");
}
