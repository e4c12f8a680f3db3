/**
 * Maps `items` with at most `concurrency` calls of `fn` in flight, keeping the input order in the result. Item
 * hydration and comment traversal use it so one call never opens hundreds of upstream requests at once.
 * @throws the first rejection of `fn` (calls already started are left to settle).
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
