/** The offers feature's public entry: what other features and the app use of it, and all they may import. */
export { OfferForm } from './OfferForm.tsx';
export { OfferNextText, OfferPreviewButton, OfferStatePill } from './OfferState.tsx';
export { useOwnOffer } from './offers.queries.ts';
export { OwnOfferNotice } from './OwnOfferNotice.tsx';
