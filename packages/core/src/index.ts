export * from './constants.ts';
export * from './texts.ts';
export * from './sanitize.ts';
export * from './money.ts';
export * from './auth.schemas.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './ranking.ts';
