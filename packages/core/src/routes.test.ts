import { describe, expect, it } from 'vitest';
import { accessFor, ADMIN_MAY_STAY } from './routes.ts';

describe('the route table of SPEC section 2', () => {
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
    '/offer/123',
    '/creator/abc',
  ])('%s is public', (path) => {
    expect(accessFor(path)).toBe('public');
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
    '/order/5f1c',
    '/order/5f1c/upload',
    '/private-job',
    '/agent-jobs',
  ])('%s needs a login', (path) => {
    expect(accessFor(path)).toBe('login');
  });

  it.each(['/admin', '/admin/', '/admin/creators', '/admin/a/b/c'])('%s is admin only', (path) => {
    expect(accessFor(path)).toBe('admin');
  });

  it('ignores a trailing slash', () => {
    expect(accessFor('/profile/')).toBe('login');
    expect(accessFor('/login//')).toBe('public');
  });

  it.each([
    '/nope',
    '/administrator',
    '/adminx',
    '/offer',
    '/offer/',
    '/offer/1/2',
    '/order/1/download',
    '/orders/1',
    '/Profile',
    '/api/me',
    '/media/x.jpg',
    '/creator/',
  ])('%s is not a page (the 404 page)', (path) => {
    expect(accessFor(path)).toBeNull();
  });

  it('lets admins stay only on the auth screens', () => {
    expect([...ADMIN_MAY_STAY].sort()).toEqual(['/login', '/password-reset', '/signup']);
  });
});
