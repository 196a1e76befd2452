/**
 * The route table of SPEC section 2, shared so the web app's guard and the server's page handling
 * agree on which paths exist and who may see them.
 */
export type Access = 'public' | 'login' | 'admin';

const PUBLIC_EXACT = new Set([
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
]);
const LOGIN_EXACT = new Set([
  '/boosted',
  '/explore',
  '/post',
  '/profile',
  '/messages',
  '/notifications',
  '/settings',
  '/orders',
  '/private-job',
  '/agent-jobs',
  '/stats',
]);

/** Access for a path, or null when the path is not a page of the product (the 404 page). */
export function accessFor(pathname: string): Access | null {
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname;
  if (PUBLIC_EXACT.has(path)) return 'public';
  if (LOGIN_EXACT.has(path)) return 'login';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  // an appeal link works signed out: a suspended person cannot sign in (issue 17); so does a mail's unsubscribe link
  if (/^\/(offer|creator|appeal|unsubscribe)\/[^/]+$/.test(path)) return 'public';
  if (/^\/order\/[^/]+(\/upload)?$/.test(path)) return 'login';
  return null;
}

/** Pages where an admin is not sent on to /admin (SPEC section 2). */
export const ADMIN_MAY_STAY = new Set(['/login', '/signup', '/password-reset']);

/** "/offer/x//" -> "/offer/x", without /\/+$/, which retries from every slash of a long run. */
function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end);
}
