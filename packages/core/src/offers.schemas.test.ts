import { describe, expect, it } from 'vitest';
import {
  emptyOfferForm,
  feedQuery,
  feedStateQuery,
  offerFields,
  offerForm,
  offerMediaProblem,
  offerToFormValues,
  parseTags,
  reactionInput,
  toOfferInput,
  type OfferFormValues,
} from './offers.schemas.ts';
import { MB } from './constants.ts';
import { texts } from './texts.ts';

const v = texts.validation;
const free: OfferFormValues = { ...emptyOfferForm, title: 'Logo design', link: 'example.com/me' };
const paid: OfferFormValues = {
  ...emptyOfferForm,
  title: 'Logo design',
  isPaidOffer: true,
  price: '£10.50',
  paypalLink: 'paypal.me/maya',
  purchaseNote: 'Send your brief',
};

/** Every problem as "field: message". */
function problems(values: OfferFormValues): string[] {
  const result = offerForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('offerForm (SPEC section 5)', () => {
  it('accepts a free offer and adds https:// to a link without a scheme', () => {
    expect(problems(free)).toEqual([]);
    expect(toOfferInput(free)).toMatchObject({
      title: 'Logo design',
      link: 'https://example.com/me',
      isPaidOffer: false,
      pricePence: null,
      paypalLink: null,
      purchaseNote: null,
    });
  });

  it('needs a title: "Title required"', () => {
    expect(problems({ ...free, title: '   ' })).toEqual([`title: ${v.titleRequired}`]);
    expect(problems({ ...free, title: '<b></b>' })).toEqual([`title: ${v.titleRequired}`]);
    expect(problems({ ...free, title: 'x'.repeat(121) })).toEqual([`title: ${v.tooLong(120)}`]);
  });

  it('needs a link for unpaid offers: "Link required", "Invalid link", "Please enter a valid domain"', () => {
    expect(problems({ ...free, link: '' })).toEqual([`link: ${v.linkRequired}`]);
    expect(problems({ ...free, link: 'javascript:alert(1)' })).toEqual([`link: ${v.invalidLink}`]);
    expect(problems({ ...free, link: 'mailto://x' })).toEqual([`link: ${v.invalidLink}`]);
    expect(problems({ ...free, link: 'https://exa mple.com' })).toEqual([`link: ${v.validDomain('example.com')}`]);
    expect(problems({ ...free, link: 'mysite' })).toEqual([`link: ${v.validDomain('mysite.com')}`]);
    expect(problems({ ...free, link: 'http://example.com' })).toEqual([]);
  });

  it('paid offers need price, checkout link and purchase note: "Missing paid offer fields"', () => {
    expect(problems(paid)).toEqual([]);
    expect(problems({ ...paid, price: '', paypalLink: ' ', purchaseNote: '' })).toEqual([
      `price: ${v.missingPaidFields}`,
      `paypalLink: ${v.missingPaidFields}`,
      `purchaseNote: ${v.missingPaidFields}`,
    ]);
    expect(problems({ ...paid, purchaseNote: '' })).toEqual([`purchaseNote: ${v.missingPaidFields}`]);
  });

  it('paid offers: price in pounds becomes pence, the checkout link follows the URL rule, the note is at most 100', () => {
    expect(toOfferInput(paid)).toMatchObject({
      isPaidOffer: true,
      pricePence: 1050,
      paypalLink: 'https://paypal.me/maya',
      purchaseNote: 'Send your brief',
    });
    expect(toOfferInput({ ...paid, price: '1,200' }).pricePence).toBe(120_000);
    expect(problems({ ...paid, price: 'ten' })).toEqual([`price: ${v.invalidPrice}`]);
    expect(problems({ ...paid, price: '0' })).toEqual([`price: ${v.invalidPrice}`]);
    expect(problems({ ...paid, price: '10.555' })).toEqual([`price: ${v.invalidPrice}`]);
    expect(problems({ ...paid, paypalLink: 'vbscript:x' })).toEqual([`paypalLink: ${v.invalidLink}`]);
    expect(problems({ ...paid, paypalLink: 'mysite' })).toEqual([`paypalLink: ${v.validDomain('mysite.com')}`]);
  });

  it('paid offers: the checkout link must be https, an explicit http:// link is refused', () => {
    expect(problems({ ...paid, paypalLink: 'http://paypal.me/maya' })).toEqual([
      'paypalLink: Payment links must start with https://',
    ]);
    expect(problems({ ...paid, paypalLink: 'HTTP://paypal.me/maya' })).toEqual([
      'paypalLink: Payment links must start with https://',
    ]);
    expect(problems({ ...paid, paypalLink: 'https://paypal.me/maya' })).toEqual([]);
    expect(toOfferInput({ ...paid, paypalLink: 'www.paypal.com/paypalme/maya' }).paypalLink).toBe(
      'https://www.paypal.com/paypalme/maya',
    );
    // other links of the offer keep the URL rule, http included
    expect(problems({ ...paid, musicCreditLink: 'http://music.example.com' })).toEqual([]);
    expect(offerFields.safeParse({ ...paid, isPaidOffer: 'true', paypalLink: 'http://paypal.me/maya' }).success).toBe(
      false,
    );
    expect(problems({ ...paid, purchaseNote: 'n'.repeat(100) })).toEqual([]);
    expect(problems({ ...paid, purchaseNote: 'n'.repeat(101) })).toEqual([`purchaseNote: ${v.tooLong(100)}`]);
  });

  it("forces a paid offer's link to the product's own home link (stored as '') and needs no link", () => {
    expect(toOfferInput({ ...paid, link: 'https://elsewhere.example.com' }).link).toBe('');
    expect(problems({ ...paid, link: 'not a link' })).toEqual([]);
  });

  it('free offers drop paid fields', () => {
    expect(toOfferInput({ ...free, price: '10', paypalLink: 'paypal.me/x', purchaseNote: 'n' })).toMatchObject({
      pricePence: null,
      paypalLink: null,
      purchaseNote: null,
    });
  });

  it('tags: comma separated, trimmed, lowercased, empties dropped', () => {
    expect(parseTags(' Design, LOGO ,, ,#Branding,design ')).toEqual(['design', 'logo', 'branding']);
    expect(parseTags('')).toEqual([]);
    expect(toOfferInput({ ...free, tags: 'A, b' }).tags).toEqual(['a', 'b']);
    expect(problems({ ...free, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') })).toEqual([
      'tags: Use at most 10 tags',
    ]);
    expect(problems({ ...free, tags: 'x'.repeat(31) })).toEqual(['tags: Each tag must be at most 30 characters']);
  });

  it('optional description (max 500), music track (max 100) and credit link (URL rule); empty is null', () => {
    expect(toOfferInput(free)).toMatchObject({ description: null, musicTrackName: null, musicCreditLink: null });
    expect(problems({ ...free, description: 'd'.repeat(500), musicTrackName: 'm'.repeat(100) })).toEqual([]);
    expect(problems({ ...free, description: 'd'.repeat(501) })).toEqual([`description: ${v.tooLong(500)}`]);
    expect(problems({ ...free, musicTrackName: 'm'.repeat(101) })).toEqual([`musicTrackName: ${v.tooLong(100)}`]);
    expect(problems({ ...free, musicCreditLink: 'javascript:x' })).toEqual([`musicCreditLink: ${v.invalidLink}`]);
    expect(
      toOfferInput({
        ...free,
        description: ' <b>Hi</b> ',
        musicTrackName: 'Song',
        musicCreditLink: 'music.example.com',
      }),
    ).toMatchObject({
      description: 'Hi',
      musicTrackName: 'Song',
      musicCreditLink: 'https://music.example.com/',
    });
  });
});

describe('offerFields (the multipart text fields)', () => {
  it('reads strings, turns isPaidOffer text into a boolean and normalises', () => {
    const parsed = offerFields.parse({
      title: 'T',
      isPaidOffer: 'true',
      price: '12',
      paypalLink: 'pay.example.com',
      purchaseNote: 'n',
      tags: 'X',
    });
    expect(parsed).toMatchObject({ title: 'T', isPaidOffer: true, pricePence: 1200, link: '', tags: ['x'] });
    expect(offerFields.parse({ title: 'T', link: 'a.io' })).toMatchObject({
      isPaidOffer: false,
      link: 'https://a.io/',
    });
  });

  it('reports the first problem with its SPEC text', () => {
    const result = offerFields.safeParse({ isPaidOffer: 'false' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([v.titleRequired, v.linkRequired]);
    expect(offerFields.safeParse({ title: 'T', isPaidOffer: 'maybe' }).success).toBe(false);
  });
});

describe('form helpers', () => {
  it('prefills the form from a saved offer', () => {
    expect(offerToFormValues(null)).toEqual(emptyOfferForm);
    const values = offerToFormValues({
      title: 'T',
      link: '',
      isPaidOffer: true,
      pricePence: 1050,
      paypalLink: 'https://p.example.com/',
      purchaseNote: 'n',
      tags: ['a', 'b'],
      description: null,
      musicTrackName: null,
      musicCreditLink: null,
    });
    expect(values).toMatchObject({ price: '10.50', tags: 'a, b', description: '' });
    expect(problems(values)).toEqual([]);
  });

  it('media: "Media required" without existing media, "Invalid file type", "File too large"', () => {
    expect(offerMediaProblem(null, false)).toBe(v.mediaRequired);
    expect(offerMediaProblem(null, true)).toBeNull();
    expect(offerMediaProblem({ size: 10, type: 'text/html' }, false)).toBe(v.invalidFileType);
    expect(offerMediaProblem({ size: 10, type: 'image/svg+xml' }, false)).toBe(v.invalidFileType);
    expect(offerMediaProblem({ size: 10 * MB + 1, type: 'video/mp4' }, false)).toBe(v.fileTooLarge);
    expect(offerMediaProblem({ size: 10 * MB, type: 'video/mp4' }, false)).toBeNull();
  });
});

describe('feed inputs', () => {
  it('trims q, lowercases tag and drops a leading #', () => {
    expect(feedQuery.parse({ q: '  ', tag: '#Design' })).toEqual({ q: undefined, tag: 'design' });
  });
  it('state ids are offer ids, at most 100', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(feedStateQuery.parse({ ids: `${id},${id},` }).ids).toEqual([id]);
    expect(feedStateQuery.safeParse({ ids: 'nope' }).success).toBe(false);
  });
  it('reactions are the five values or null', () => {
    expect(reactionInput.parse({ emoji: 'Not for Me' })).toEqual({ emoji: 'Not for Me' });
    expect(reactionInput.parse({ emoji: null })).toEqual({ emoji: null });
    expect(reactionInput.safeParse({ emoji: 'Love' }).success).toBe(false);
  });
});
