// Small numeric helpers.

/** Nearest-rank percentile of an ascending array; 0 for an empty one. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** A share in percent. 0 of 0 is 100%: nothing that should pass was refused. */
export function pct(num: number, den: number): number {
  return den === 0 ? 100 : (100 * num) / den;
}

export function fmtPct(x: number): string {
  return `${x.toFixed(1)}%`;
}

export function fmtUs(x: number): string {
  return x >= 1000 ? `${(x / 1000).toFixed(2)} ms` : `${x.toFixed(1)} us`;
}
