/** What bench/live.ts needs from the server's own dependencies (the repo root cannot resolve them). */
export { hashPassword } from 'better-auth/crypto';
