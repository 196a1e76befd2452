/** How the Stats page writes its numbers: money in pounds, counts with thousands separators, shares of views. */
import { formatPence, type StatsMetric } from '@gigreel/core';

export const formatStat = (metric: StatsMetric, value: number): string =>
  metric === 'revenuePence' ? formatPence(value) : value.toLocaleString('en-GB');

/** `part` as a share of `whole`: "12%", "0.4%" below one percent, "0%" for none; null when there is no whole. */
export function shareOf(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const percent = (part / whole) * 100;
  if (percent === 0) return '0%';
  if (percent < 1) return `${Math.max(0.1, Math.round(percent * 10) / 10)}%`;
  return `${Math.round(percent)}%`;
}
