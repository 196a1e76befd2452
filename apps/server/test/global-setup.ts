import { rm } from 'node:fs/promises';
import postgres from 'postgres';
import { PGLITE_TEMPLATE, postgresTemplateName, prepareTemplates } from './databases.ts';

export default async function setup(): Promise<() => Promise<void>> {
  await prepareTemplates();
  return async () => {
    await rm(PGLITE_TEMPLATE, { force: true });
    if (process.env.TEST_DATABASE_URL) {
      const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${postgresTemplateName()} with (force)`);
      await admin.end();
    }
  };
}
