import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  adminTexts,
  commissionPence,
  creatorFormSchema,
  csvCell,
  csvRow,
  descriptionCounter,
  formatPence,
  gigFormSchema,
  neutraliseCell,
  parseCsv,
  parseAdminHashtags,
  summariseRevenue,
  topCreators,
} from './index.ts';

const baseGig = { title: 'Logo design', link: 'example.com/logo' };

describe('admin gig form', () => {
  it('needs a title and a link', () => {
    expect(gigFormSchema.safeParse({ ...baseGig, title: '  ' }).error?.issues[0]?.message).toBe('Title required');
    expect(gigFormSchema.safeParse({ ...baseGig, link: ' ' }).error?.issues[0]?.message).toBe('Link required');
    expect(gigFormSchema.safeParse({ ...baseGig, link: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      'Invalid link',
    );
  });

  it('adds https:// and turns empty optional fields into null', () => {
    const gig = gigFormSchema.parse({
      ...baseGig,
      description: '',
      musicTrackName: '  ',
      purchaseNote: '',
      musicCreditLink: '',
    });
    expect(gig).toMatchObject({
      link: 'https://example.com/logo',
      description: null,
      musicTrackName: null,
      purchaseNote: null,
      musicCreditLink: null,
      tags: null,
    });
  });

  it('keeps price and payment link only when Paid Offer is ticked', () => {
    const free = gigFormSchema.parse({ ...baseGig, isPaidOffer: false, price: '12.50', paypalLink: 'paypal.me/x' });
    expect(free).toMatchObject({ isPaidOffer: false, pricePence: null, paypalLink: null });
    const paid = gigFormSchema.parse({
      ...baseGig,
      isPaidOffer: 'true',
      price: '£12.50',
      paypalLink: 'paypal.me/x',
      purchaseNote: 'Send a brief',
    });
    expect(paid).toMatchObject({
      isPaidOffer: true,
      pricePence: 1250,
      paypalLink: 'https://paypal.me/x',
      purchaseNote: 'Send a brief',
    });
    expect(gigFormSchema.safeParse({ ...baseGig, isPaidOffer: true }).error?.issues[0]?.message).toBe(
      'Missing paid offer fields',
    );
    const httpPaypal = gigFormSchema.safeParse({
      ...baseGig,
      isPaidOffer: true,
      price: '5',
      paypalLink: 'http://paypal.me/x',
    });
    expect(httpPaypal.error?.issues[0]).toMatchObject({
      path: ['paypalLink'],
      message: 'Payment links must start with https://',
    });
    expect(
      gigFormSchema.safeParse({ ...baseGig, isPaidOffer: true, price: '5', paypalLink: 'javascript:x' }).error
        ?.issues[0]?.message,
    ).toBe('Please enter a valid URL');
    expect(gigFormSchema.safeParse({ ...baseGig, isPaidOffer: true, price: 'ten' }).error?.issues[0]?.path).toEqual([
      'price',
    ]);
  });

  it('limits the description to 500 with an n/500 counter and the music track to 100', () => {
    expect(gigFormSchema.safeParse({ ...baseGig, description: 'a'.repeat(500) }).success).toBe(true);
    expect(gigFormSchema.safeParse({ ...baseGig, description: 'a'.repeat(501) }).success).toBe(false);
    expect(gigFormSchema.safeParse({ ...baseGig, musicTrackName: 'a'.repeat(101) }).success).toBe(false);
    expect(descriptionCounter('hello')).toBe('5/500');
    expect(descriptionCounter(null)).toBe('0/500');
  });

  it('reads hashtags space separated, only when not blank', () => {
    expect(parseAdminHashtags('  ')).toBeNull();
    expect(parseAdminHashtags('#Design  logo #design')).toEqual(['design', 'logo']);
    expect(gigFormSchema.parse({ ...baseGig, hashtags: '#art  #Pets' }).tags).toEqual(['art', 'pets']);
  });
});

describe('admin creator form', () => {
  it('requires a display name', () => {
    expect(creatorFormSchema.safeParse({ displayName: '  ' }).error?.issues[0]?.message).toBe(
      adminTexts.creators.displayNameRequired,
    );
    expect(creatorFormSchema.safeParse({}).error?.issues[0]?.message).toBe('Display name is required');
  });
  it('stores empty optional fields as null and checks the email', () => {
    expect(creatorFormSchema.parse({ displayName: 'Ana', email: '', bio: '', paypalLink: '' })).toEqual({
      displayName: 'Ana',
      email: null,
      bio: null,
      location: null,
      paypalLink: null,
    });
    expect(creatorFormSchema.safeParse({ displayName: 'Ana', email: 'nope' }).success).toBe(false);
    expect(creatorFormSchema.parse({ displayName: 'Ana', email: ' Ana@Example.com ' }).email).toBe('ana@example.com');
  });
  it("takes the creator's payment link as https only", () => {
    expect(creatorFormSchema.parse({ displayName: 'Ana', paypalLink: 'paypal.me/ana' }).paypalLink).toBe(
      'https://paypal.me/ana',
    );
    expect(
      creatorFormSchema.safeParse({ displayName: 'Ana', paypalLink: 'http://paypal.me/ana' }).error?.issues[0],
    ).toMatchObject({
      path: ['paypalLink'],
      message: 'Payment links must start with https://',
    });
    expect(
      creatorFormSchema.safeParse({ displayName: 'Ana', paypalLink: 'javascript:x' }).error?.issues[0]?.message,
    ).toBe('Please enter a valid URL');
  });
});

describe('revenue rules', () => {
  it('takes 15% commission, half a penny up: £12.50 -> £1.88', () => {
    expect(commissionPence(1250)).toBe(188);
    expect(formatPence(commissionPence(1250))).toBe('£1.88');
    expect(commissionPence(0)).toBe(0);
    expect(commissionPence(10000)).toBe(1500);
  });

  it('counts completed orders only and ranks the top five creators', () => {
    const orders = [
      { status: 'completed', pricePence: 1250, sellerId: 'a', sellerName: 'Ann' },
      { status: 'paid', pricePence: 99999, sellerId: 'a', sellerName: 'Ann' },
      { status: 'awaiting_payment', pricePence: 500, sellerId: 'b', sellerName: 'Ben' },
      ...['c', 'd', 'e', 'f', 'g', 'h'].map((id, i) => ({
        status: 'completed',
        pricePence: 100 * (i + 1),
        sellerId: id,
        sellerName: id.toUpperCase(),
      })),
      { status: 'completed', pricePence: 700, sellerId: null },
    ];
    const summary = summariseRevenue(orders);
    expect(summary.totalRevenuePence).toBe(1250 + 2100 + 700);
    expect(summary.completedOrders).toBe(8);
    expect(summary.pendingOrders).toBe(2);
    expect(summary.topCreators.map((c) => c.creatorId)).toEqual(['a', 'h', 'g', 'f', 'e']);
  });

  it('never lists more than five creators, highest first', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            creatorId: fc.uuid(),
            displayName: fc.string(),
            orderCount: fc.nat(9),
            revenuePence: fc.nat(100000),
          }),
        ),
        (rows) => {
          const top = topCreators(rows);
          expect(top.length).toBeLessThanOrEqual(5);
          for (let i = 1; i < top.length; i++)
            expect(top[i - 1]!.revenuePence).toBeGreaterThanOrEqual(top[i]!.revenuePence);
        },
      ),
    );
  });
});

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutraliseCell('hello')).toBe('hello');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell(-5)).toBe('-5');
  });

  it('quotes commas, quotes and line breaks and reads back what it wrote', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', null, 3, true])).toBe(
      '"a,b","say ""hi""","two\nlines",,3,true\r\n',
    );
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
        const [row] = parseCsv(csvRow(cells));
        expect(row).toEqual(cells.map((cell) => neutraliseCell(cell)));
      }),
    );
  });
});
