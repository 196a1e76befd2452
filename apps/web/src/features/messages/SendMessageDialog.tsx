/** Placeholder with the agreed props; the messages feature (issue 4) replaces its body. */
import { Dialog } from '../../ui/dialog.tsx';

export type SendMessageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: { id: string; title: string };
  seller: { id: string; displayName: string };
};

export function SendMessageDialog({ open, onOpenChange, seller }: SendMessageDialogProps) {
  return <Dialog open={open} onOpenChange={onOpenChange} title="Send Message" description={`Message ${seller.displayName}`} />;
}
