/** The pure rules of blocking on the web: who the viewer may block, and what a done block or unblock says. */
import { blocksTexts } from '@gigreel/core';

/** What a failed block (said in its confirmation) or unblock (a toast) is titled; the server's reason follows. */
export const blockFailedTexts = { block: 'Failed to block', unblock: 'Failed to unblock' } as const;

/** Only a signed-in viewer blocks, and never themselves (the server refuses it: blocksTexts.cannotBlockSelf). */
export function canBlock(viewerId: string | null | undefined, userId: string | null | undefined): boolean {
  return !!viewerId && !!userId && viewerId !== userId;
}

/** The toast after a block or an unblock: the server's message, else the same text said here. */
export function blockDoneMessage(result: { blocked: boolean; message?: string | undefined }, name: string): string {
  return result.message || (result.blocked ? blocksTexts.blocked(name) : blocksTexts.unblocked(name));
}
