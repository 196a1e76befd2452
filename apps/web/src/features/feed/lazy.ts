/** Loaded when first shown, as its own chunk: admins only, so nobody else loads the debug panel's code. */
import { lazy } from 'react';

export const FeedDebugPanel = lazy(() => import('./FeedDebugPanel.tsx').then((m) => ({ default: m.FeedDebugPanel })));
