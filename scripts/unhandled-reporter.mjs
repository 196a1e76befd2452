/**
 * A Vitest reporter that keeps the errors raised outside any test (an unhandled rejection, an error
 * after a test ended) in .tmp/vitest-unhandled.json, so scripts/test.mjs can say them again on its
 * last lines: CI shows the tail of a long log, and such an error fails the run with no failed test.
 */
import { writeFileSync } from 'node:fs';

export default class UnhandledReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const errors = unhandledErrors.map((error) => ({
      message: String(error?.message ?? error),
      where: String(error?.stack ?? '')
        .split('\n')
        .slice(1, 4)
        .join(' / ')
        .trim(),
      test: error?.testName ?? error?.VITEST_TEST_NAME ?? null,
      file: error?.VITEST_TEST_PATH ?? null,
    }));
    writeFileSync('.tmp/vitest-unhandled.json', JSON.stringify(errors));
  }
}
