/**
 * Zod compiles object schemas with `new Function` when it can, and finds out whether it can by trying
 * it once, which our Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation.
 * Turned off before any schema is built (main.tsx imports this first): validation is the same.
 */
import { config } from 'zod';

config({ jitless: true });
