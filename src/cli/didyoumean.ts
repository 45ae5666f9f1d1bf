// "Did you mean": the known name closest to a misspelt one, when it is close enough to be a typo.
// Pure.

/** Edit distance (insert, delete, substitute, and swap of two neighbours: the usual typo). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate nearest to `given` within a typo's reach (a third of its length, at least 1, at
 * most 3), or a candidate `given` is a prefix of; null when none is (a wild guess misleads).
 */
export function closest(given: string, candidates: readonly string[]): string | null {
  const bare = (s: string) => s.replace(/^-+/, "");
  const g = bare(given).toLowerCase();
  if (g === "") return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = editDistance(g, bare(c).toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  if (best !== null && bestD <= Math.min(3, Math.max(1, Math.floor(g.length / 3)))) return best;
  const prefixed = candidates.filter((c) => bare(c).startsWith(g));
  return g.length >= 2 && prefixed.length === 1 ? prefixed[0]! : null;
}

/** "; did you mean X?" or "". */
export function didYouMean(given: string, candidates: readonly string[]): string {
  const c = closest(given, candidates);
  return c === null ? "" : `; did you mean ${c}?`;
}
