/** Loaded when it first opens, as its own chunk (with the form and schema code it brings), not with the screen that shows it. */
import { lazy } from 'react';

export const CompletePaymentDialog = lazy(() =>
  import('./CompletePaymentDialog.tsx').then((m) => ({ default: m.CompletePaymentDialog })),
);
