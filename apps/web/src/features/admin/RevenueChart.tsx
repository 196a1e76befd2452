/**
 * Revenue over time as plain SVG bars: one bar per day or week, the highest value and the period
 * labelled, a line for the average, and each bar titled with its date and amount. A screen reader
 * gets the same summary as the picture.
 */
import { useEffect, useRef, useState } from 'react';
import { formatPence, type AdminAnalytics } from '@gigreel/core';

const H = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };

const label = (iso: string, unit: 'day' | 'week') => {
  const date = new Date(`${iso}T00:00:00Z`);
  const text = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return unit === 'week' ? `wk of ${text}` : text;
};

/** The chart is drawn at its real pixel width, so its labels stay readable on a phone. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function RevenueChart({ series }: { series: AdminAnalytics['revenueOverTime'] }) {
  const { points, unit } = series;
  const { ref, width: W } = useWidth(640);
  const max = Math.max(0, ...points.map((p) => p.revenuePence));
  const total = points.reduce((sum, p) => sum + p.revenuePence, 0);
  const best = points.reduce<(typeof points)[number] | null>(
    (top, p) => (p.revenuePence > (top?.revenuePence ?? 0) ? p : top),
    null,
  );
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, points.length);
  const barW = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + innerH - (max ? (value / max) * innerH : 0);
  const average = points.length ? total / points.length : 0;
  const period = unit === 'day' ? `the last ${points.length} days` : `the last ${points.length} weeks`;
  const summary = max
    ? `Revenue per ${unit} over ${period}: ${formatPence(total)} in total; highest ${formatPence(best!.revenuePence)} (${label(best!.start, unit)}).`
    : `Revenue per ${unit} over ${period}: no completed orders yet.`;
  const ticks = points.length ? [0, Math.floor((points.length - 1) / 2), points.length - 1] : [];
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-white">Revenue per {unit}</span>
        <span className="text-sm text-zinc-400">
          {formatPence(total)} in {period}
        </span>
      </figcaption>
      <div ref={ref} className="w-full">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width={W}
          height={H}
          role="img"
          aria-label={summary}
          className="block max-w-full"
        >
          <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#3f3f46" />
          {points.map((p, i) => {
            const top = y(p.revenuePence);
            const isBest = best !== null && p === best;
            return (
              <g key={p.start}>
                <rect
                  x={PAD.left + i * slot + (slot - barW) / 2}
                  y={p.revenuePence ? Math.min(top, PAD.top + innerH - 2) : PAD.top + innerH - 1}
                  width={barW}
                  height={p.revenuePence ? Math.max(2, PAD.top + innerH - top) : 1}
                  rx={2}
                  fill={isBest ? '#fb7185' : p.revenuePence ? '#e11d48' : '#3f3f46'}
                >
                  <title>{`${label(p.start, unit)}: ${formatPence(p.revenuePence)} from ${p.orders} order${p.orders === 1 ? '' : 's'}`}</title>
                </rect>
                {isBest ? (
                  <text
                    x={Math.min(W - 60, Math.max(40, PAD.left + i * slot + slot / 2))}
                    y={Math.max(12, top - 4)}
                    textAnchor="middle"
                    fontSize="12"
                    fill="#fda4af"
                  >
                    {formatPence(p.revenuePence)}
                  </text>
                ) : null}
              </g>
            );
          })}
          {max ? (
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(average)}
              y2={y(average)}
              stroke="#a1a1aa"
              strokeDasharray="4 4"
              strokeWidth={1}
            >
              <title>{`Average ${formatPence(Math.round(average))} per ${unit}`}</title>
            </line>
          ) : null}
          {!max ? (
            <text x={W / 2} y={PAD.top + innerH / 2} textAnchor="middle" fontSize="14" fill="#a1a1aa">
              No completed orders in {period}
            </text>
          ) : null}
          {ticks.map((i) => (
            <text
              key={i}
              x={PAD.left + i * slot + slot / 2}
              y={H - 8}
              fontSize="12"
              fill="#a1a1aa"
              textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
            >
              {label(points[i]!.start, unit)}
            </text>
          ))}
        </svg>
      </div>
      {max ? (
        <p className="text-xs text-zinc-400">
          Dashed line: average per {unit}. Brightest bar: the best {unit}.
        </p>
      ) : null}
    </figure>
  );
}
