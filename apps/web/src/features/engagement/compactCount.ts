/**
 * A count as the action rail shows it: 999, 1k, 1.1k, 12.3k, 1m, 1.2bn (what Intl.NumberFormat('en-GB',
 * { notation: 'compact', maximumFractionDigits: 1 }) prints). Written out because building that
 * formatter loads compact-notation locale data and took about 17 ms of the first feed render.
 */
const UNITS: Array<[number, string]> = [
  [1e3, 'k'],
  [1e6, 'm'],
  [1e9, 'bn'],
  [1e12, 'tn'],
];

export function compactCount(count: number): string {
  if (count < 1000) return String(Math.round(count * 10) / 10);
  let unit = UNITS.length - 1;
  while (unit > 0 && count < UNITS[unit]![0]) unit--;
  let tenths = Math.round((count * 10) / UNITS[unit]![0]);
  // 999,950 rounds to 1000k, which reads as 1m.
  if (tenths >= 10_000 && unit < UNITS.length - 1) tenths = Math.round((count * 10) / UNITS[++unit]![0]);
  return `${tenths / 10}${UNITS[unit]![1]}`;
}
