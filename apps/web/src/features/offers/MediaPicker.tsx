/** Picks the offer's image or video (at most 10 MB) and shows it before anything is sent. */
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { OFFER_MEDIA_ACCEPT, type MediaKind } from '@gigreel/core';

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  existing: { url: string; kind: MediaKind | null; posterUrl: string | null } | null;
  error: string | null;
};

export function MediaPicker({ file, onFile, existing, error }: Props) {
  const id = useId();
  // A refused file is not previewed. The old preview's URL is released a little after the new one
  // replaced it, so the player never asks for a URL that is already gone.
  const preview = useMemo(() => (file && !error ? URL.createObjectURL(file) : null), [file, error]);
  useEffect(
    () => () => {
      if (preview) window.setTimeout(() => URL.revokeObjectURL(preview), 5000);
    },
    [preview],
  );

  const shown = preview
    ? {
        url: preview,
        kind: file?.type.startsWith('video/') ? 'video' : file?.type.startsWith('image/') ? 'image' : null,
        posterUrl: null,
      }
    : existing;

  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-zinc-200" id={`${id}-title`}>
        Media
      </span>
      <div className="flex gap-4">
        <div className="relative flex aspect-[9/16] w-28 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-black sm:w-32">
          {shown?.kind === 'video' ? (
            <video
              src={shown.url}
              poster={shown.posterUrl ?? undefined}
              muted
              loop
              autoPlay
              playsInline
              className="h-full w-full object-cover"
              aria-label="Media preview"
            />
          ) : shown?.kind === 'image' ? (
            <img src={shown.url} alt="Media preview" className="h-full w-full object-cover" />
          ) : (
            <ImagePlus className="h-8 w-8 text-zinc-500" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-col justify-center gap-2 text-sm">
          <label
            htmlFor={id}
            className="inline-flex min-h-10 w-fit max-w-full cursor-pointer items-center gap-2 rounded-xl border border-line px-4 py-2 font-semibold leading-snug text-zinc-100 hover:bg-white/5 focus-within:outline focus-within:outline-2 focus-within:outline-brand-400"
          >
            {shown ? (
              <RefreshCw className="h-4 w-4 shrink-0" aria-hidden="true" />
            ) : (
              <ImagePlus className="h-4 w-4 shrink-0" aria-hidden="true" />
            )}
            {shown ? 'Replace media' : 'Choose image or video'}
            <input
              id={id}
              type="file"
              accept={OFFER_MEDIA_ACCEPT}
              aria-label="Media"
              aria-describedby={`${id}-note`}
              aria-invalid={error ? true : undefined}
              className="sr-only"
              onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <p id={`${id}-note`} className="text-xs text-zinc-400">
            {file ? (
              <span className="block truncate text-zinc-200">
                {file.name} · {(file.size / 1024 / 1024).toFixed(1)} MB
              </span>
            ) : null}
            Image or video, up to 10 MB. Portrait (9:16) looks best in the feed.
          </p>
          {error ? (
            <p role="alert" className="text-xs text-red-300">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
