/** Offers, the feed, explore and engagement in the route table (api.ts). */
import { z } from 'zod';
import { defineApi } from './api.ts';
import {
  boostedPage,
  creatorPage,
  engagementResult,
  feedDebug,
  feedOffer,
  feedPage,
  feedStatePage,
  ownOffer,
  popularTag,
} from './offers.contract.ts';
import {
  boostedQuery,
  creatorIdParams,
  feedQuery,
  feedStateQuery,
  followingFeedQuery,
  offerFields,
  offerIdParams,
  reactionInput,
  toggleInput,
} from './offers.schemas.ts';
import { offerTexts } from './offers.texts.ts';
import { texts } from './texts.ts';

export const offersApi = defineApi({
  'GET /api/feed': {
    caller: 'anyone',
    summary: 'A page of the ranked feed (50 offers); the same bytes for every anonymous visitor, with an ETag',
    query: feedQuery,
    response: feedPage,
  },
  'GET /api/feed/following': {
    caller: 'signedIn',
    signInText: offerTexts.followingSignUp,
    summary:
      'A page of the Following feed (50 offers): the offers of the creators the viewer follows, newest change first',
    query: followingFeedQuery,
    response: feedPage,
  },
  'GET /api/feed/state': {
    caller: 'signedIn',
    summary:
      "The viewer's own boost, favourite and reaction for the given offers, and whether they follow each creator",
    query: feedStateQuery,
    response: feedStatePage,
  },
  'GET /api/explore/tags': {
    caller: 'anyone',
    summary: 'Popular hashtags',
    response: z.object({ tags: z.array(popularTag) }),
  },
  'GET /api/offers/mine': {
    caller: 'signedIn',
    summary: "The signed-in person's own offer",
    response: z.object({ offer: ownOffer.nullable() }),
  },
  'PUT /api/offers/mine': {
    caller: 'signedIn',
    summary: 'Create or update the own offer (text fields and an optional image or video "media")',
    form: { fields: offerFields, files: ['media'] },
    response: z.object({ offer: ownOffer, message: z.string() }),
  },
  'GET /api/offers/:id': {
    caller: 'anyone',
    summary: 'One offer: public when approved with media; its owner and admins always',
    params: offerIdParams,
    response: feedOffer,
  },
  'GET /api/creators/:id': {
    caller: 'anyone',
    summary: "A creator's page",
    params: creatorIdParams,
    response: creatorPage,
  },
  'POST /api/offers/:id/boost': {
    caller: 'signedIn',
    signInText: texts.auth.signUpRequiredBody,
    summary: 'Boost or unboost; { active } sets the state so a double tap cannot undo itself',
    params: offerIdParams,
    body: toggleInput,
    response: engagementResult,
  },
  'POST /api/offers/:id/favorite': {
    caller: 'signedIn',
    signInText: texts.auth.signUpRequiredBody,
    summary: 'Favourite or unfavourite; { active } sets the state',
    params: offerIdParams,
    body: toggleInput,
    response: engagementResult,
  },
  'PUT /api/offers/:id/reaction': {
    caller: 'signedIn',
    signInText: texts.auth.signUpRequiredBody,
    summary: 'Set or clear the own reaction',
    params: offerIdParams,
    body: reactionInput,
    response: engagementResult,
  },
  'POST /api/offers/:id/share': {
    caller: 'anyone',
    summary: 'Count a share',
    params: offerIdParams,
    response: engagementResult,
  },
  'GET /api/boosted': {
    caller: 'signedIn',
    signInText: offerTexts.boostedLoginRequired,
    summary:
      "One page of the offers the signed-in person boosted (30, newest boost first; cursor: the page before's nextCursor)",
    query: boostedQuery,
    response: boostedPage,
  },
  'GET /api/admin/feed-debug': {
    caller: 'admin',
    summary: "Counts behind the feed's debug panel",
    response: feedDebug,
  },
});
