/** The layout feature's public entry: what other features and the app use of it, and all they may import. */
export { AppLayout } from './AppLayout.tsx';
export { GetAppButton } from './GetAppButton.tsx';
