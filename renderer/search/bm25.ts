/**
 * MiniSearch's BM25 (minisearch 7, `calcBM25Score` and its default parameters), copied term for
 * term: the embedded index must score exactly as MiniSearch did when it built the index, and
 * floating point only gives the same bits for the same operations in the same order.
 * test/search/index-scoring.test.ts holds the two to the same output.
 */

/** MiniSearch's defaults (`defaultBM25params`); ENGINE_OPTIONS does not override them. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * One field's BM25 score of a term in a section. `matching` is the number of sections whose
 * field holds the term, `total` the number of sections; lengths count a field's distinct raw
 * tokens, as MiniSearch does.
 */
export function bm25(
  termFreq: number,
  matching: number,
  total: number,
  fieldLength: number,
  avgFieldLength: number,
): number {
  const { k, b, d } = BM25;
  const invDocFreq = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)));
}

/**
 * A field's running mean length after one more section, updated as MiniSearch's
 * `addFieldLength` does (`count` = sections before this one): the rounding of this running mean
 * differs from a sum divided at the end.
 */
export function nextAverage(average: number, count: number, length: number): number {
  return (average * count + length) / (count + 1);
}
