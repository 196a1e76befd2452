/** The blocks feature's public entry: what other features and the app use of it, and all they may import. */
export { BlockButton } from './BlockButton.tsx';
export { BlockedPeople } from './BlockedPeople.tsx';
export { useBlockedPeople, useBlockState } from './blocks.queries.ts';
