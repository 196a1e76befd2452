/** Demo accounts share a published password: the server will not serve them to other machines by accident. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import type { Config } from '../config.ts';
import { DEMO_PASSWORD, refuseExposedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const startingWith = (config: Partial<Config>) => refuseExposedDemo({ ...t.deps, config: { ...t.config, ...config } });
const publicAddress = { host: '0.0.0.0', seedDemo: true, demoOnPublicAddress: false };

describe('starting with demo data', () => {
  // The first test runs on the empty database, before any account exists.
  it('on a public address with an empty database, refuses to create the demo accounts', async () => {
    await expect(startingWith(publicAddress)).rejects.toThrow(
      /^Refusing to start: it would create the demo accounts, and HOST=0\.0\.0\.0 can be reached from other machines\./,
    );
  });

  it('on this machine only, starts', async () => {
    await expect(startingWith({ ...publicAddress, host: '127.0.0.1' })).resolves.toBeUndefined();
  });

  it('on a public address with SEED_DEMO=always, starts: that was asked for on purpose', async () => {
    await expect(startingWith({ ...publicAddress, demoOnPublicAddress: true })).resolves.toBeUndefined();
  });

  it('on a public address with SEED_DEMO=never and no demo account, starts', async () => {
    await expect(startingWith({ ...publicAddress, seedDemo: false })).resolves.toBeUndefined();
  });

  it('on a public address, refuses while a demo account still has the published password, whatever SEED_DEMO says', async () => {
    await t.createUser({ email: 'admin@example.com', password: DEMO_PASSWORD, admin: true });
    await expect(startingWith({ ...publicAddress, seedDemo: false })).rejects.toThrow(
      'demo accounts still have the published password (admin@example.com)',
    );
  });

  it('on a public address, starts once the demo accounts have their own passwords', async () => {
    await t.deps.database.query("delete from users where email = 'admin@example.com'");
    await t.createUser({ email: 'admin@example.com', password: 'A-private-pass9', admin: true });
    await expect(startingWith(publicAddress)).resolves.toBeUndefined();
  });
});
