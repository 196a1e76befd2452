/**
 * Block or unblock a person, for a signed-in viewer looking at someone else (nothing otherwise, and
 * nothing until their state is known). Blocking is asked first, in a dialog saying what it means;
 * unblocking is not. One button element serves both, so focus stays on it as it turns from "Block"
 * to "Unblock" and back (the dialog returns focus to it).
 */
import { Ban, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { blocksTexts } from '@gigreel/core';
import { useViewer } from '../auth/index.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { blockFailedTexts, canBlock } from './block-rules.ts';
import { useBlock, useBlockState, useUnblock } from './blocks.queries.ts';

const CANCEL = 'Cancel';

export function BlockButton({ userId, displayName }: { userId: string; displayName: string }) {
  const { viewer } = useViewer();
  const state = useBlockState(userId);
  const block = useBlock();
  const unblock = useUnblock();
  const [confirming, setConfirming] = useState(false);
  if (!canBlock(viewer?.id, userId) || state.isPending) return null;
  // A state that failed to load offers Block: blocking again changes nothing on the server.
  const blocked = state.data?.blocked === true;
  const person = { id: userId, displayName };

  const openChange = (open: boolean) => {
    setConfirming(open);
    // a failure from an earlier try is not this try's
    if (open) block.reset();
  };
  const confirm = () =>
    block.mutateAsync(person).then(
      () => setConfirming(false),
      // said in the dialog below, from block.error
      () => undefined,
    );

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={cn('shrink-0', !blocked && 'text-red-300')}
        busy={unblock.isPending}
        onClick={() => (blocked ? unblock.mutate(person) : openChange(true))}
      >
        {unblock.isPending ? null : blocked ? (
          <UserCheck className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Ban className="h-4 w-4" aria-hidden="true" />
        )}
        {blocked ? blocksTexts.unblock : blocksTexts.block}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={openChange}
        title={blocksTexts.confirmTitle(displayName)}
        description={blocksTexts.confirmBody}
      >
        <div className="flex flex-col gap-4">
          {block.error ? (
            <div role="alert" className="rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
              <p className="font-semibold">{blockFailedTexts.block}</p>
              <p className="break-words">{block.error.message}</p>
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => openChange(false)}>
              {CANCEL}
            </Button>
            <Button variant="destructive" busy={block.isPending} onClick={() => void confirm()}>
              {blocksTexts.block}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
