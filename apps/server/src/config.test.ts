import { createECDH } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vapidEnv } from '../test/vapid.ts';
import { isLoopbackHost, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'gigreel-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };
const production = {
  ...base,
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://gigreel.example.com',
  ...vapidEnv(),
};

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      adminEmails: [],
      designerEmail: 'designer@example.com',
      trustProxy: 'loopback',
    });
    expect(config.authSecret).toMatch(/^[0-9a-f]{64}$/);
    // the local secret is made once and kept
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(config.authSecret);
    expect(loadConfig(base).authSecret).toBe(config.authSecret);
  });

  it('reads the order timers as durations, 3 days and 7 days unless set, and refuses anything else', () => {
    expect(loadConfig(base).orderTimers).toEqual({ autoCompleteMs: 3 * 86_400_000, paymentExpiresMs: 7 * 86_400_000 });
    expect(
      loadConfig({ ...base, ORDER_AUTO_COMPLETE_AFTER: '20s', ORDER_PAYMENT_EXPIRES_AFTER: '15m' }).orderTimers,
    ).toEqual({ autoCompleteMs: 20_000, paymentExpiresMs: 900_000 });
    for (const bad of ['3', '0d', '1w', '-5m', '2.5h', '3 days'])
      expect(() => loadConfig({ ...base, ORDER_AUTO_COMPLETE_AFTER: bad }), bad).toThrow(
        /ORDER_AUTO_COMPLETE_AFTER: must be a duration such as 20s, 15m, 12h or 3d/,
      );
  });

  it('PUBLIC_URL follows PORT and loses a trailing slash', () => {
    expect(loadConfig({ ...base, PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://gigreel.example.com/' }).publicUrl).toBe(
      'https://gigreel.example.com',
    );
  });

  it('reads ADMIN_EMAILS as a trimmed, lowercased list', () => {
    expect(loadConfig({ ...base, ADMIN_EMAILS: ' Boss@Example.com , ,ops@example.com ' }).adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ ...base, DATABASE_URL: '', SMTP_URL: ' ', PUBLIC_URL: '', PORT: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it.each([
    ['TRUST_PROXY', 'true', true],
    ['TRUST_PROXY', 'false', false],
    ['TRUST_PROXY', '10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
    ['TRUST_PROXY', 'loopback,uniquelocal', 'loopback,uniquelocal'],
  ])('%s=%s', (name, value, expected) => {
    expect(loadConfig({ ...base, [name]: value }).trustProxy).toEqual(expected);
  });

  it('TRUST_PROXY as a hop count trusts that many hops', () => {
    const trust = loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.1', 1)).toBe(false);
  });

  it('production needs AUTH_SECRET and PUBLIC_URL, and never seeds demo data', () => {
    expect(() => loadConfig({ ...production, AUTH_SECRET: undefined })).toThrow(
      /AUTH_SECRET is required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      /PUBLIC_URL is required when NODE_ENV=production/,
    );
    const config = loadConfig({ ...production, SEED_DEMO: 'auto' });
    expect(config.seedDemo).toBe(false);
    expect(config.designerEmail).toBeUndefined();
  });

  it('makes a VAPID key pair once outside production and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gigreel-vapid-'));
    try {
      const { vapid } = loadConfig({ DATA_DIR: dir });
      expect(Buffer.from(vapid.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(vapid.privateKey, 'base64url')).toHaveLength(32);
      expect(JSON.parse(readFileSync(path.join(dir, 'vapid-keys.json'), 'utf8'))).toEqual({
        publicKey: vapid.publicKey,
        privateKey: vapid.privateKey,
      });
      expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(vapid);
      // the contact push services see: the mail sender, or the site when it is served over https
      expect(vapid.subject).toBe('mailto:no-reply@gigreel.local');
      expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Shop <hello@shop.example>' }).vapid.subject).toBe(
        'mailto:hello@shop.example',
      );
      expect(loadConfig(production).vapid.subject).toBe('https://gigreel.example.com');
      expect(loadConfig({ ...production, VAPID_SUBJECT: 'mailto:ops@gigreel.example' }).vapid.subject).toBe(
        'mailto:ops@gigreel.example',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a pair whose private key starts with a zero byte, written a byte short, padded to 32 bytes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gigreel-vapid-'));
    try {
      const key = Buffer.concat([Buffer.from([0]), Buffer.alloc(31, 7)]);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(key);
      const publicKey = ecdh.getPublicKey('base64url');
      const short = key.subarray(1).toString('base64url');
      writeFileSync(path.join(dir, 'vapid-keys.json'), JSON.stringify({ publicKey, privateKey: short }));
      expect(loadConfig({ DATA_DIR: dir }).vapid).toMatchObject({ publicKey, privateKey: key.toString('base64url') });
      expect(
        loadConfig({ ...production, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: short }).vapid.privateKey,
      ).toBe(key.toString('base64url'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('production needs a VAPID pair that is one P-256 pair, and a subject that is mailto: or https:', () => {
    const given = vapidEnv();
    expect(loadConfig({ ...production, ...given }).vapid).toMatchObject({
      publicKey: given.VAPID_PUBLIC_KEY,
      privateKey: given.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: undefined })).toThrow(/set together or not at all/);
    expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: vapidEnv().VAPID_PRIVATE_KEY })).toThrow(
      /must be one P-256 key pair/,
    );
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/must be one P-256 key pair/);
    expect(() => loadConfig({ ...production, VAPID_SUBJECT: 'http://gigreel.example.com' })).toThrow(
      /VAPID_SUBJECT: must be a mailto: address or an https:\/\/ URL/,
    );
  });

  it('SMTP_URL takes smtp:// and smtps:// addresses', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).smtpUrl).toBe(
      'smtps://user:pass@smtp.example.com:465',
    );
  });

  it('SEED_DEMO=never turns the demo off', () => {
    expect(loadConfig({ ...base, SEED_DEMO: 'never' }).seedDemo).toBe(false);
  });

  it('listens on this machine only unless HOST says otherwise, and serves the demo elsewhere only with SEED_DEMO=always', () => {
    expect(loadConfig(base)).toMatchObject({ host: '127.0.0.1', seedDemo: true, demoOnPublicAddress: false });
    expect(loadConfig({ ...base, HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', demoOnPublicAddress: false });
    expect(loadConfig({ ...base, SEED_DEMO: 'always' })).toMatchObject({ seedDemo: true, demoOnPublicAddress: true });
    expect(loadConfig({ ...production, SEED_DEMO: 'always' }).seedDemo).toBe(false);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['gigreel.example.com', false],
    ['::ffff:10.0.0.1', false],
  ])('HOST=%s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'javascript:alert(1)' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://example.com/app' }, /PUBLIC_URL must be an origin/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET must be at least 32 characters/],
    [{ ADMIN_EMAILS: 'boss@example.com,not-an-email' }, /ADMIN_EMAILS/],
    [{ DESIGNER_EMAIL: 'designer' }, /DESIGNER_EMAIL/],
    [{ TRUST_PROXY: 'yes please' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/8,proxy.local' }, /TRUST_PROXY: "proxy.local"/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SEED_DEMO: 'sometimes' }, /SEED_DEMO/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ SMTP_URL: 'mail.example.com:25' }, /SMTP_URL/],
    [{ SMTP_URL: 'https://mail.example.com' }, /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('does not write a secret when AUTH_SECRET is given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gigreel-config-'));
    try {
      loadConfig({ DATA_DIR: dir, AUTH_SECRET: 'y'.repeat(40) });
      expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
