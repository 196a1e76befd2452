/**
 * Runs in every Vitest worker before the test files: fast-check draws from one fixed seed, so a
 * property test sees the same inputs on every run and machine (a test may still pass its own seed).
 */
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: 20_260_113 });
