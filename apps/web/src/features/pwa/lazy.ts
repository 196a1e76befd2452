/** Loaded the first time it is needed, as its own chunk; GetAppButton then keeps it mounted so closing it can hand focus back. */
import { lazy } from 'react';

export const InstallDialog = lazy(() => import('./InstallDialog.tsx').then((m) => ({ default: m.InstallDialog })));
