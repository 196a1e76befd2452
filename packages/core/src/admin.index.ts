export * from './admin.texts.ts';
export * from './admin.schemas.ts';
export * from './admin.revenue.ts';
export * from './admin.csv.ts';
export * from './admin.contract.ts';
