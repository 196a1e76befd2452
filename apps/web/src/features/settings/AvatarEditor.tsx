/**
 * Profile photo: choose an image (checked here first, then by its bytes on the server), see it at once
 * with the upload's progress, or remove it (the stored file is deleted on the server).
 */
import { Camera, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { AVATAR_ACCEPT, checkAvatarFile, profileTexts, type OwnProfile } from '@gigreel/core';
import { Button, buttonClass } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { useRemoveAvatar, useUploadAvatar } from '../profile/index.ts';

export function AvatarEditor({ profile }: { profile: OwnProfile }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploadAvatar = useUploadAvatar();
  const removeAvatar = useRemoveAvatar();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const check = checkAvatarFile(file);
    if (!check.ok) {
      toast.error(check.title, { description: check.message });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const result = await uploadAvatar.mutateAsync({ file, onProgress: setProgress });
      toast.success(result.message);
    } catch {
      // The failure's toast is the mutation's (profile.queries.ts).
    } finally {
      setPreview(null);
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      const result = await removeAvatar.mutateAsync();
      toast.success(result.message);
    } catch {
      // The failure's toast is the mutation's (profile.queries.ts).
    }
  };

  const busy = progress !== null || removeAvatar.isPending;
  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <div className="flex items-center gap-4">
      <div className="relative">
        <Avatar name={profile.displayName} src={preview ?? profile.profileImage} size={80} />
        {progress !== null ? <span className="absolute inset-0 rounded-full bg-black/40" aria-hidden="true" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label
            className={buttonClass(
              'secondary',
              'sm',
              busy
                ? 'pointer-events-none opacity-60'
                : 'cursor-pointer focus-within:outline-2 focus-within:outline-brand-400',
            )}
          >
            <Camera className="h-4 w-4" aria-hidden="true" />
            {profile.profileImage ? 'Change photo' : 'Upload photo'}
            <input
              ref={input}
              type="file"
              accept={AVATAR_ACCEPT}
              className="sr-only"
              disabled={busy}
              aria-describedby="avatar-hint"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
          </label>
          {profile.profileImage ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void remove()}
              busy={removeAvatar.isPending}
              disabled={busy}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove photo
            </Button>
          ) : null}
        </div>
        {progress !== null ? (
          <div className="flex items-center gap-2">
            <ProgressBar value={progress} label="Uploading photo" />
            <span className="w-10 text-right text-xs tabular-nums text-zinc-300">{percent}%</span>
          </div>
        ) : (
          <p id="avatar-hint" className="text-xs text-zinc-400">
            {profileTexts.avatarHint}
          </p>
        )}
      </div>
    </div>
  );
}
