import { describe, expect, it } from 'vitest';
import { accountTexts, adminTexts, texts, type Viewer } from '@gigreel/core';
import { decideRoute, type GuardInput } from './guard.ts';

const person = (over: Partial<Viewer> = {}): Viewer => ({
  id: 'u1',
  email: 'ava@example.com',
  displayName: 'Ava',
  profileImage: null,
  isAdmin: false,
  isDesigner: false,
  hasOffer: true,
  impersonatedBy: null,
  ...over,
});
const admin = person({ id: 'a1', isAdmin: true });

const at = (pathname: string, over: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, search: '', viewer: null, savedPath: null, postLoginChecked: true, ...over });

describe('anonymous visitors', () => {
  it.each([
    '/',
    '/landing',
    '/login',
    '/signup',
    '/password-reset',
    '/faq',
    '/how-it-works',
    '/terms',
    '/privacy',
    '/terms-policies',
    '/company',
    '/program',
    '/offer/abc',
    '/creator/abc',
    '/appeal/abc',
  ])('may see %s', (path) => {
    expect(at(path)).toBeNull();
  });

  it.each([
    '/boosted',
    '/explore',
    '/post',
    '/profile',
    '/messages',
    '/notifications',
    '/settings',
    '/orders',
    '/order/1',
    '/order/1/upload',
    '/private-job',
    '/agent-jobs',
  ])('are sent from %s to /signup with "Sign Up Required" as an info toast, without saving it', (path) => {
    expect(at(path)).toEqual({
      to: '/signup',
      toast: { title: texts.auth.signUpRequired, description: texts.auth.signUpRequiredBody, info: true },
    });
  });

  it('on /admin save the path and go to /login with "Authentication Required"', () => {
    const decision = at('/admin/creators', { search: '?tab=1' });
    expect(decision).toMatchObject({ to: '/login', savePath: '/admin/creators?tab=1' });
    expect(decision?.toast).toEqual({
      title: texts.auth.required,
      description: texts.auth.adminLoginRequired,
      destructive: true,
    });
  });

  it('see the 404 page on an unknown path', () => {
    expect(at('/no-such-page')).toBeNull();
  });
});

describe('recovery links', () => {
  it('send a token with type=recovery to /password-reset with the same query', () => {
    expect(at('/', { search: '?token=abc&type=recovery' })).toEqual({ to: '/password-reset?token=abc&type=recovery' });
  });
  it('accept the access and refresh token pair of SPEC section 2, from any page and any viewer', () => {
    const search = '?access_token=a&refresh_token=r&type=recovery';
    expect(at('/profile', { search, viewer: person() })).toEqual({ to: `/password-reset${search}` });
    expect(at('/login', { search, viewer: admin })).toEqual({ to: `/password-reset${search}` });
  });
  it('need type=recovery and the tokens', () => {
    expect(at('/', { search: '?type=recovery' })).toBeNull();
    expect(at('/', { search: '?access_token=a&refresh_token=r' })).toBeNull();
    expect(at('/', { search: '?access_token=a&type=recovery' })).toBeNull();
  });
  it('do not loop on /password-reset itself', () => {
    expect(at('/password-reset', { search: '?token=abc&type=recovery' })).toBeNull();
  });
});

describe('signed-in people on /login and /signup', () => {
  it.each(['/login', '/signup'])('on %s go to the saved path first', (path) => {
    expect(at(path, { viewer: person(), savedPath: '/orders' })).toEqual({ to: '/orders', consumeSavedPath: true });
  });
  it('admins go to a saved /admin path', () => {
    expect(at('/login', { viewer: admin, savedPath: '/admin/gigs' })).toEqual({
      to: '/admin/gigs',
      consumeSavedPath: true,
    });
  });
  it('a non-admin does not follow a saved /admin path', () => {
    expect(at('/login', { viewer: person(), savedPath: '/admin' })).toEqual({
      to: '/',
      consumeSavedPath: true,
      markPostLoginChecked: true,
    });
  });
  it('admins go to /admin', () => {
    expect(at('/login', { viewer: admin })).toEqual({ to: '/admin', consumeSavedPath: true });
    expect(at('/signup', { viewer: admin })).toEqual({ to: '/admin', consumeSavedPath: true });
  });
  it('others go to / when they have an offer, else /post', () => {
    expect(at('/login', { viewer: person({ hasOffer: true }) })).toEqual({
      to: '/',
      consumeSavedPath: true,
      markPostLoginChecked: true,
    });
    expect(at('/signup', { viewer: person({ hasOffer: false }) })).toEqual({
      to: '/post',
      consumeSavedPath: true,
      markPostLoginChecked: true,
    });
  });
  it('the designer goes to their inbox, /agent-jobs, offer or not (a saved path still comes first)', () => {
    for (const hasOffer of [true, false]) {
      expect(at('/login', { viewer: person({ isDesigner: true, hasOffer }) })).toEqual({
        to: '/agent-jobs',
        consumeSavedPath: true,
        markPostLoginChecked: true,
      });
    }
    expect(at('/login', { viewer: person({ isDesigner: true }), savedPath: '/orders' })).toEqual({
      to: '/orders',
      consumeSavedPath: true,
    });
  });
  it('stay on /password-reset', () => {
    expect(at('/password-reset', { viewer: person(), search: '?token=t' })).toBeNull();
    expect(at('/password-reset', { viewer: admin })).toBeNull();
  });
});

describe('the admin area', () => {
  it('a signed-in non-admin goes to / with "Access Denied"', () => {
    expect(at('/admin', { viewer: person() })).toEqual({
      to: '/',
      toast: { title: texts.auth.accessDenied, description: texts.auth.accessDeniedBody, destructive: true },
    });
    expect(at('/admin/anything', { viewer: person() })?.to).toBe('/');
  });
  it('when the server cannot say who is signed in: "Failed to verify admin permissions", and to /', () => {
    expect(at('/admin', { viewerUnknown: true })).toEqual({
      to: '/',
      toast: { title: adminTexts.verifyFailed, destructive: true },
    });
    // elsewhere the person is treated as anonymous
    expect(at('/', { viewerUnknown: true })).toBeNull();
  });
  it('admins stay', () => {
    expect(at('/admin', { viewer: admin })).toBeNull();
    expect(at('/admin/creators', { viewer: admin })).toBeNull();
  });
  it.each(['/', '/landing', '/profile', '/settings', '/faq', '/offer/x', '/order/1'])(
    'admins on %s are sent to /admin',
    (path) => {
      expect(at(path, { viewer: admin })).toEqual({ to: '/admin' });
    },
  );
  it('admins see the 404 page on an unknown path', () => {
    expect(at('/nope', { viewer: admin })).toBeNull();
  });
});

describe('signed-in non-admins elsewhere', () => {
  it('see every login-only and public page', () => {
    for (const path of [
      '/boosted',
      '/explore',
      '/post',
      '/profile',
      '/messages',
      '/orders',
      '/order/1/upload',
      '/landing',
      '/faq',
      '/appeal/abc',
    ]) {
      expect(at(path, { viewer: person() })).toBeNull();
    }
  });
  it('on / run the post-login check once: /post without an offer', () => {
    expect(at('/', { viewer: person({ hasOffer: false }), postLoginChecked: false })).toEqual({
      to: '/post',
      markPostLoginChecked: true,
    });
    expect(at('/', { viewer: person({ hasOffer: true }), postLoginChecked: false })).toEqual({
      markPostLoginChecked: true,
    });
    expect(at('/', { viewer: person({ hasOffer: false }), postLoginChecked: true })).toBeNull();
  });
  it("on / the designer's post-login check opens their inbox, once", () => {
    expect(at('/', { viewer: person({ isDesigner: true }), postLoginChecked: false })).toEqual({
      to: '/agent-jobs',
      markPostLoginChecked: true,
    });
    expect(at('/', { viewer: person({ isDesigner: true }), postLoginChecked: true })).toBeNull();
  });
  it('may open /agent-jobs whether or not they are the designer (its page says who receives jobs)', () => {
    expect(at('/agent-jobs', { viewer: person() })).toBeNull();
    expect(at('/agent-jobs', { viewer: person({ isDesigner: true }) })).toBeNull();
  });
});

describe('email verification outcome on /', () => {
  it('toasts "Email verified" and drops the parameter', () => {
    expect(at('/', { search: '?verified=1', viewer: person() })).toEqual({
      to: '/',
      toast: { title: texts.auth.emailVerified },
    });
  });
  it('keeps the post-login check when it applies', () => {
    expect(at('/', { search: '?verified=1', viewer: person({ hasOffer: false }), postLoginChecked: false })).toEqual({
      to: '/post',
      markPostLoginChecked: true,
      toast: { title: texts.auth.emailVerified },
    });
  });
  it('toasts the invalid link for an error, signed in or not', () => {
    expect(at('/', { search: '?verified=1&error=INVALID_TOKEN' })).toEqual({
      to: '/',
      toast: { title: texts.auth.verifyLinkInvalid, destructive: true },
    });
  });
  it('keeps other parameters', () => {
    expect(at('/', { search: '?q=logo&verified=1' })?.to).toBe('/?q=logo');
  });
  it('sends an admin on to /admin with the toast', () => {
    expect(at('/', { search: '?verified=1', viewer: admin })).toEqual({
      to: '/admin',
      toast: { title: texts.auth.emailVerified },
    });
  });
});

describe('links that land on /login', () => {
  it('a verification link opened in another browser asks the person to log in', () => {
    expect(at('/login', { search: '?verified=1' })).toEqual({
      to: '/login',
      toast: { title: texts.auth.emailVerifiedLogIn },
    });
  });
  it('an unlock link says the account is unlocked', () => {
    expect(at('/login', { search: '?unlocked=1' })).toEqual({
      to: '/login',
      toast: { title: texts.auth.accountUnlocked },
    });
  });
  it('a used or broken unlock link says so', () => {
    expect(at('/login', { search: '?unlocked=1&error=INVALID_TOKEN' })).toEqual({
      to: '/login',
      toast: { title: texts.auth.unlockLinkInvalid, destructive: true },
    });
  });
  it('a plain /login stays as it is', () => {
    expect(at('/login', {})).toBeNull();
  });
});

describe("a new address's confirmation link", () => {
  it('in the browser signed in to the account: Settings says the new address', () => {
    expect(at('/settings', { search: '?emailChanged=1', viewer: person({ email: 'new@example.com' }) })).toEqual({
      to: '/settings',
      toast: { title: accountTexts.email.changed('new@example.com') },
    });
  });
  it('elsewhere: the login screen asks to log in with the new address', () => {
    expect(at('/login', { search: '?emailChanged=1' })).toEqual({
      to: '/login',
      toast: { title: accountTexts.email.changedLogIn },
    });
  });
  it('an expired or used link says so', () => {
    expect(at('/settings', { search: '?emailChanged=1&error=INVALID_TOKEN', viewer: person() })).toEqual({
      to: '/settings',
      toast: { title: accountTexts.email.linkInvalid, destructive: true },
    });
  });
  it('an address taken meanwhile says so', () => {
    expect(at('/login', { search: '?emailChanged=1&error=EMAIL_TAKEN' })).toEqual({
      to: '/login',
      toast: { title: accountTexts.email.linkTaken, destructive: true },
    });
  });
});
