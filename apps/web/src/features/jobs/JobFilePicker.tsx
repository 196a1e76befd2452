/** Picks the job's files: each at most 20 MB, each removable, each with its share of the upload's progress. */
import { Paperclip, X } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import {
  jobsTexts,
  looksLikeJobFile,
  PRIVATE_JOB_ACCEPT,
  PRIVATE_JOB_FILE_MAX,
  PRIVATE_JOB_MAX_FILES,
} from '@gigreel/core';
import { ProgressBar } from '../../ui/progress.tsx';

type Props = {
  files: File[];
  onChange: (files: File[]) => void;
  onProblem: (message: string) => void;
  progress: number | null;
  disabled?: boolean;
};

export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** How much of each file has been sent, from the fraction of the whole request. */
function perFile(files: File[], fraction: number): number[] {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let before = 0;
  return files.map((file) => {
    const start = before / total;
    before += file.size;
    const share = file.size / total || 1;
    return Math.min(1, Math.max(0, (fraction - start) / share));
  });
}

export function JobFilePicker({ files, onChange, onProblem, progress, disabled }: Props) {
  const id = useId();
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const wrongKind = chosen.filter((file) => !looksLikeJobFile(file));
    for (const file of wrongKind) onProblem(jobsTexts.invalidFileNamed(file.name));
    const tooBig = chosen.filter((file) => looksLikeJobFile(file) && file.size > PRIVATE_JOB_FILE_MAX);
    for (const file of tooBig) onProblem(jobsTexts.fileTooLarge(file.name));
    const next = [...files, ...chosen.filter((file) => looksLikeJobFile(file) && file.size <= PRIVATE_JOB_FILE_MAX)];
    if (next.length > PRIVATE_JOB_MAX_FILES) onProblem(jobsTexts.tooManyFiles);
    onChange(next.slice(0, PRIVATE_JOB_MAX_FILES));
  };
  const shares = progress === null ? null : perFile(files, progress);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-zinc-200">Files</span>
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-dashed border-line px-4 py-5 text-center text-sm hover:border-brand-400"
      >
        <Paperclip className="h-5 w-5 text-brand-400" aria-hidden="true" />
        <span className="text-zinc-200">{jobsTexts.filesHint}</span>
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={PRIVATE_JOB_ACCEPT}
        onChange={add}
        disabled={disabled}
        className="sr-only"
        aria-label="Attach files"
      />
      {files.length ? (
        <ul aria-label="Attached files" className="flex flex-col gap-2">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex flex-col gap-1.5 rounded-xl border border-line bg-ink/60 px-3 py-2"
            >
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm text-zinc-100">{file.name}</span>
                <span className="shrink-0 text-xs text-zinc-400">{fileSize(file.size)}</span>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onChange(files.filter((_, i) => i !== index))}
                  aria-label={`Remove ${file.name}`}
                  className="-mr-1 rounded-full p-2 text-zinc-300 hover:bg-white/10 disabled:opacity-50"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
              {shares ? <ProgressBar value={shares[index] ?? 0} label={`Uploading ${file.name}`} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
