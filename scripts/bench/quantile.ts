/** The value at quantile `p` (0.5 the median, 0.95 the p95) of numbers sorted ascending: the nearest rank. */
export const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
