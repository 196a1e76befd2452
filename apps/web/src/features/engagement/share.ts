/** Share an offer: the Web Share API where the device has it, else its /offer/{id} link is copied. */
import { toast } from 'sonner';

const offerShareUrl = (offerId: string) => `${window.location.origin}/offer/${encodeURIComponent(offerId)}`;

/** Resolves true when the person shared or the link was copied (then the share is counted). */
export async function shareOffer(offer: { id: string; title: string }): Promise<boolean> {
  const url = offerShareUrl(offer.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: offer.title, text: offer.title, url });
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      // a share sheet that fails for another reason falls through to copying the link
    }
  }
  if (await copyText(url)) {
    toast.success('Link copied', { description: url });
    return true;
  }
  toast('Copy this link to share the offer', { description: url });
  return false;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // clipboard permission refused or not a secure context: try the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
