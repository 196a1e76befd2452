/** The admin feature's public entry: what other features and the app use of it, and all they may import. */
export { admin } from './admin.routes.ts';
export { installAudit } from './audit.ts';
export { deleteAccount } from './creators.service.ts';
