/**
 * The one shape every benchmark section reports in, so `bench/run.ts` can write one Markdown and one
 * JSON report (bench/results/latest.md, latest.json) whatever measured the numbers.
 */

/** One measured figure, with its budget when the issue names one. */
export type Figure = {
  /** What was measured, as a reader of the report would say it: "Signed-in feed p99 at 1M offers". */
  name: string;
  value: number;
  /** "ms", "req/s", "KB", "score", "%", ... */
  unit: string;
  /** The budget as a sentence fragment: "< 50 ms", ">= 95", ">= 75% of pgbench". */
  budget?: string;
  /** Whether the budget holds; absent when the figure has no budget. */
  holds?: boolean;
};

export type Section = {
  /** "Feed API", "Write paths", "Web app", "Media", "Live", "Mixed load". */
  title: string;
  figures: Figure[];
  /** Sizes, settings, caveats: short lines the report prints under the table. */
  notes: string[];
};

/** Options every section takes: `smoke` runs tiny sizes for a few seconds (the test in npm test). */
export type SectionOptions = { smoke: boolean; log: (line: string) => void };

export type BenchSection = (options: SectionOptions) => Promise<Section>;

/** A figure whose budget holds when `value` is at most `limit`. */
export function atMost(
  name: string,
  value: number,
  unit: string,
  limit: number,
  budget = `<= ${limit} ${unit}`,
): Figure {
  return { name, value, unit, budget, holds: value <= limit };
}

/** A figure whose budget holds when `value` is at least `limit`. */
export function atLeast(
  name: string,
  value: number,
  unit: string,
  limit: number,
  budget = `>= ${limit} ${unit}`,
): Figure {
  return { name, value, unit, budget, holds: value >= limit };
}

/** The p-th percentile of numbers already sorted ascending (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
    : Number.NaN;
}
