/**
 * Shown by the main layout, but only to an admin acting as a creator: everyone else never loads its
 * code. (Kept apart from tabs.ts, so the app's first chunk, which holds the layout, carries only this.)
 */
import { lazy } from 'react';

export const ImpersonationBadge = lazy(() =>
  import('./ImpersonationBadge.tsx').then((m) => ({ default: m.ImpersonationBadge })),
);
