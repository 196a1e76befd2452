/** The Send Message dialog (SPEC sections 2, 5 and 8): a message to the seller of an offer. */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { messageTexts, texts } from '@gigreel/core';
import { Dialog } from '../../ui/dialog.tsx';
import { requireAuth, useViewer } from '../auth/index.ts';
import { useSendMessage } from './messages.queries.ts';
import { MessageComposer } from './MessageComposer.tsx';

export type SendMessageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: { id: string; title: string };
  seller: { id: string; displayName: string };
};

export function SendMessageDialog({ open, onOpenChange, offer, seller }: SendMessageDialogProps) {
  const { viewer, loading } = useViewer();
  const send = useSendMessage();

  // Anonymous people get the Authentication Required dialog instead (SPEC section 8).
  useEffect(() => {
    if (open && !loading && !viewer) {
      onOpenChange(false);
      requireAuth(texts.auth.loginToMessage);
    }
  }, [open, loading, viewer, onOpenChange]);

  return (
    <Dialog
      open={open && !!viewer}
      onOpenChange={onOpenChange}
      title={messageTexts.dialogTitle}
      description={
        <>
          {messageTexts.dialogDescription(seller.displayName)}
          <span className="mt-1 block truncate text-zinc-400">{messageTexts.re(offer.title)}</span>
        </>
      }
    >
      <MessageComposer
        label={messageTexts.label}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog was opened to write this message: its first focus is the text box
        autoFocus
        onSend={async (text) => {
          await send.mutateAsync({ offerId: offer.id, text });
          toast.success(messageTexts.sent);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
