/** Damping factor of PageRank (the usual 0.85). */
const DAMPING = 0.85;
const ITERATIONS = 40;
/** Terms in more than this share of the sentences are left out of the graph: they link everything to everything. */
const MAX_TERM_SHARE = 0.4;
/** Sentences with fewer content words than this are scaled down: a short exclamation is rarely a summary. */
const FULL_LENGTH_TERMS = 6;

/**
 * TextRank over TF-IDF cosine similarity: sentences are nodes, edges weigh how much two sentences share (weighted by
 * how rare the shared terms are), and PageRank finds the sentences most of the others point to. Only pairs that share
 * a term are compared (an inverted index), so long transcripts stay fast.
 * @param sentenceTerms the content words of each sentence (stopwords removed, lower case).
 * @returns one score per sentence; higher is more central.
 */
export function rankSentences(sentenceTerms: readonly (readonly string[])[]): number[] {
  const n = sentenceTerms.length;
  if (n === 0) return [];
  const documentFrequency = new Map<string, number>();
  for (const terms of sentenceTerms)
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const vectors = sentenceTerms.map((terms) => {
    const vector = new Map<string, number>();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, tf] of vector)
      vector.set(term, tf * (Math.log(n / (documentFrequency.get(term) ?? 1)) + 1));
    return vector;
  });
  const norms = vectors.map((v) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0)));

  const postings = new Map<string, number[]>();
  vectors.forEach((vector, i) => {
    for (const term of vector.keys())
      if ((documentFrequency.get(term) ?? 0) <= Math.max(2, MAX_TERM_SHARE * n))
        postings.set(term, [...(postings.get(term) ?? []), i]);
  });
  const edges: Map<number, number>[] = vectors.map(() => new Map());
  for (const sentences of postings.values())
    for (let a = 0; a < sentences.length; a++)
      for (let b = a + 1; b < sentences.length; b++) {
        const i = sentences[a] as number;
        const j = sentences[b] as number;
        if (edges[i]?.has(j)) continue;
        const weight = cosine(vectors[i], vectors[j], norms[i] ?? 0, norms[j] ?? 0);
        if (weight > 0) {
          edges[i]?.set(j, weight);
          edges[j]?.set(i, weight);
        }
      }

  const outWeight = edges.map((e) => [...e.values()].reduce((sum, w) => sum + w, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    edges.forEach((neighbours, j) => {
      const total = outWeight[j] ?? 0;
      if (total === 0) return;
      for (const [i, weight] of neighbours)
        next[i] = (next[i] ?? 0) + (DAMPING * weight * (scores[j] ?? 0)) / total;
    });
    scores = next;
  }
  return scores.map((score, i) => score * Math.min(1, (sentenceTerms[i]?.length ?? 0) / FULL_LENGTH_TERMS));
}

function cosine(
  a: Map<string, number> | undefined,
  b: Map<string, number> | undefined,
  normA: number,
  normB: number,
): number {
  if (!a || !b || normA === 0 || normB === 0) return 0;
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  return dot / (normA * normB);
}
