/** The account feature's public entry: what other features and the app use of it, and all they may import. */
export { AccountSection } from './AccountSection.tsx';
export { ResendVerification } from './ResendVerification.tsx';
export { SignedInDevices } from './SignedInDevices.tsx';
export { YourData } from './YourData.tsx';
export { useAccount, useDevices } from './account.queries.ts';
