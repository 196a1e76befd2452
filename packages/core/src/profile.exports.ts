/** Everything the profile and settings share between server and web. */
export * from './profile.texts.ts';
export * from './profile.schemas.ts';
export * from './profile.contract.ts';
