/** The offers feature's public entry: what other features and the app use of it, and all they may import. */
export { offerMediaWork, receiveOfferForm } from './offer-form.ts';
export { canBoost, canSeeOffer, seesWholeFeed } from './offers.policy.ts';
export {
  markApproved,
  mediaKindFor,
  mediaUrlFor,
  offerCardColumns,
  offerTagNames,
  replaceOfferTags,
  toFeedOffer,
  writeOwnOffer,
} from './offers.queries.ts';
export type { OfferCardRow } from './offers.queries.ts';
export { offers } from './offers.routes.ts';
export { getCreatorPage, saveOffer, storeOfferMedia } from './offers.service.ts';
export type { MediaWork, OfferSave, UploadedMedia } from './offers.service.ts';
