/** An upload's progress, announced to assistive technology. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-zinc-800"
    >
      <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
