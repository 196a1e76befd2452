/**
 * One number per day as plain SVG bars, in the manner of the admin's revenue chart: the best day
 * labelled, a dashed line for the average, the first, middle and last day under the bars, and each
 * bar titled with its day and value. A screen reader gets the same summary as the picture; the
 * number shown is chosen above it (views, clicks, orders or revenue).
 */
import { useEffect, useRef, useState } from 'react';
import { statsMetricLabels, statsTexts, type StatsDay } from '@gigreel/core';
import { cn } from '../../ui/cn.ts';
import { formatStat } from './format.ts';

const H = 200;
const PAD = { top: 18, right: 6, bottom: 26, left: 6 };

/** What the chart can show, and how each value reads. */
const CHARTED = ['views', 'clicks', 'orders', 'revenuePence'] as const;
type Charted = (typeof CHARTED)[number];
const chartLabel: Record<Charted, string> = { ...statsMetricLabels, clicks: 'Clicks', revenuePence: 'Revenue' };

const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

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

export function StatsChart({ daily }: { daily: StatsDay[] }) {
  const [metric, setMetric] = useState<Charted>('views');
  const { ref, width: W } = useWidth(600);
  const values = daily.map((day) => day[metric]);
  const max = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const bestIndex = max ? values.indexOf(max) : -1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, daily.length);
  const barW = Math.max(1.5, slot * 0.7);
  const y = (value: number) => PAD.top + innerH - (max ? (value / max) * innerH : 0);
  const average = daily.length ? total / daily.length : 0;
  const label = chartLabel[metric];
  const period = statsTexts.lastDays(daily.length);
  const show = (value: number) => formatStat(metric, value);
  const summary = max
    ? `${label} per day over ${period}: ${show(total)} in total; most on ${dayLabel(daily[bestIndex]!.day)} (${show(max)}).`
    : `${label} per day over ${period}: none yet.`;
  const ticks = daily.length ? [0, Math.floor((daily.length - 1) / 2), daily.length - 1] : [];
  return (
    <figure className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption className="font-semibold text-white">{statsTexts.chart}</figcaption>
        <div role="group" aria-label={statsTexts.chartMetric} className="flex rounded-xl border border-line p-0.5">
          {CHARTED.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={metric === value}
              onClick={() => setMetric(value)}
              className={cn(
                'rounded-lg px-2.5 py-1 text-sm font-semibold',
                metric === value ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:text-white',
              )}
            >
              {chartLabel[value]}
            </button>
          ))}
        </div>
      </div>
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
          {daily.map((day, i) => {
            const value = values[i]!;
            const top = y(value);
            const best = i === bestIndex;
            return (
              <g key={day.day}>
                <rect
                  x={PAD.left + i * slot + (slot - barW) / 2}
                  y={value ? Math.min(top, PAD.top + innerH - 2) : PAD.top + innerH - 1}
                  width={barW}
                  height={value ? Math.max(2, PAD.top + innerH - top) : 1}
                  rx={Math.min(2, barW / 2)}
                  fill={best ? '#fb7185' : value ? '#e11d48' : '#3f3f46'}
                >
                  <title>{`${dayLabel(day.day)}: ${show(value)}`}</title>
                </rect>
                {best ? (
                  <text
                    x={Math.min(W - 40, Math.max(40, PAD.left + i * slot + slot / 2))}
                    y={Math.max(12, top - 5)}
                    textAnchor="middle"
                    fontSize="12"
                    fill="#fda4af"
                  >
                    {show(value)}
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
              <title>{`Average ${show(Math.round(average))} a day`}</title>
            </line>
          ) : (
            <text x={W / 2} y={PAD.top + innerH / 2} textAnchor="middle" fontSize="14" fill="#a1a1aa">
              No {label.toLowerCase()} in {period}
            </text>
          )}
          {ticks.map((i) => (
            <text
              key={i}
              x={PAD.left + i * slot + slot / 2}
              y={H - 8}
              fontSize="12"
              fill="#a1a1aa"
              textAnchor={i === 0 ? 'start' : i === daily.length - 1 ? 'end' : 'middle'}
            >
              {dayLabel(daily[i]!.day)}
            </text>
          ))}
        </svg>
      </div>
      {max ? (
        <p className="text-xs text-zinc-400">
          {show(total)} in {period}. Dashed line: the average a day. Brightest bar: the best day.
        </p>
      ) : null}
    </figure>
  );
}
