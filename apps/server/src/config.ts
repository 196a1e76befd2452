/** Every setting, parsed and checked once at start-up. The README documents each one. */
import { createECDH, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().email('each entry must be an email address')));

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://');

/** A duration such as 20s, 15m, 12h or 3d, in milliseconds. */
const duration = z
  .string()
  .regex(/^[1-9][0-9]{0,5}(s|m|h|d)$/, 'must be a duration such as 20s, 15m, 12h or 3d')
  .transform((text) => Number(text.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[text.at(-1)!]!);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Only this machine by default: demo accounts share a published password (README). HOST=0.0.0.0 opens it.
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: httpUrl.optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//i, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('GigReel <no-reply@gigreel.local>'),
  ADMIN_EMAILS: emailList,
  DESIGNER_EMAIL: z.string().email().optional(),
  TRUST_PROXY: z.string().default('loopback'),
  SEED_DEMO: z.enum(['auto', 'never', 'always']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  ORDER_AUTO_COMPLETE_AFTER: duration.prefault('3d'),
  ORDER_PAYMENT_EXPIRES_AFTER: duration.prefault('7d'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((value) => /^mailto:[^\s@]+@[^\s@]+$/i.test(value) || /^https:\/\/[^\s]+$/i.test(value), {
      error: 'must be a mailto: address or an https:// URL (how a push service reaches whoever runs GigReel)',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  designerEmail: string | undefined;
  /** Fastify's trustProxy: which hops may set X-Forwarded-For (the login limiter uses the real address). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  seedDemo: boolean;
  /** SEED_DEMO=always: demo accounts may be served on a non-loopback HOST, on purpose. */
  demoOnPublicAddress: boolean;
  logLevel: string;
  webDist: string;
  /** The bearer token that opens GET /metrics; unset, the page does not exist. */
  metricsToken: string | undefined;
  /** The order timers: a delivery the buyer leaves alone completes after this; an unpaid order expires after that. */
  orderTimers: { autoCompleteMs: number; paymentExpiresMs: number };
  /** Web Push's VAPID key pair (base64url, P-256) and the contact push services see (mailto: or https:). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Files go to this S3-compatible store when every S3_* setting is given; local disk otherwise. */
  s3:
    | {
        bucket: string;
        endpoint: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (FOO= in a .env file or compose file) means "not set".
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (production && !e.AUTH_SECRET)
    throw new Error('Invalid configuration:\n  AUTH_SECRET is required when NODE_ENV=production');
  if (production && !e.PUBLIC_URL)
    throw new Error('Invalid configuration:\n  PUBLIC_URL is required when NODE_ENV=production');
  const s3Values = [e.S3_BUCKET, e.S3_ENDPOINT, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  S3 storage needs all of S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  const trust = parseTrustProxy(e.TRUST_PROXY);
  if (e.PUBLIC_URL && new URL(e.PUBLIC_URL).pathname.replace(/\/+$/, '') !== '') {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL must be an origin without a path, e.g. https://gigreel.example.com',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
    vapid: {
      ...vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, production, dataDir),
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.PUBLIC_URL, e.MAIL_FROM),
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmails: e.ADMIN_EMAILS,
    designerEmail: e.DESIGNER_EMAIL?.toLowerCase() ?? (production ? undefined : 'designer@example.com'),
    trustProxy: trust,
    seedDemo: !production && e.SEED_DEMO !== 'never',
    demoOnPublicAddress: e.SEED_DEMO === 'always',
    metricsToken: e.METRICS_TOKEN,
    orderTimers: { autoCompleteMs: e.ORDER_AUTO_COMPLETE_AFTER, paymentExpiresMs: e.ORDER_PAYMENT_EXPIRES_AFTER },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}

/**
 * TRUST_PROXY: "true" (every hop; only behind a proxy that overwrites X-Forwarded-For), "false", a
 * number of hops, or addresses and CIDR ranges ("loopback", "10.0.0.0/8,127.0.0.1").
 */
function parseTrustProxy(value: string): Config['trustProxy'] {
  const trimmed = value.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of trimmed.split(',').map((item) => item.trim())) {
    const [address = '', bits] = entry.split('/');
    const ok = named.has(entry) || (isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!ok)
      throw new Error(
        `Invalid configuration:\n  TRUST_PROXY: "${entry}" is not true, false, a hop count, an address or a CIDR range`,
      );
  }
  return trimmed;
}

/** Outside production a secret is made once and kept in DATA_DIR, so a fresh clone needs no setup. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair: both given (checked to be one P-256 pair), or outside production made once and
 * kept in DATA_DIR/vapid-keys.json, so a fresh clone pushes with no setup and devices stay subscribed
 * across restarts (a new pair would orphan every subscription).
 */
function vapidKeys(
  publicKey: string | undefined,
  privateKey: string | undefined,
  production: boolean,
  dataDir: string,
): { publicKey: string; privateKey: string } {
  const invalid = (problem: string) => new Error(`Invalid configuration:\n  ${problem}`);
  if (publicKey && privateKey) {
    const pair = vapidPair(publicKey, privateKey);
    if (!pair)
      throw invalid(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be one P-256 key pair in base64url (npx web-push generate-vapid-keys)',
      );
    return pair;
  }
  if (publicKey || privateKey) throw invalid('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  if (production) throw invalid('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production');
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    const pair = kept.publicKey && kept.privateKey ? vapidPair(kept.publicKey, kept.privateKey) : undefined;
    if (pair) return pair;
    throw invalid(`${file} holds no valid VAPID key pair; remove it to make a new one`);
  }
  // web-push pads the private key to its 32 bytes; Node's own comes a byte short once in 256 pairs.
  const made = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

/**
 * The pair when the private key (up to 32 bytes) is the public key's (65 bytes, uncompressed) on P-256,
 * with the private key padded to the 32 bytes web-push signs with: a key whose first byte is zero may
 * come written a byte short (as Node's own generator writes it), and it is still the same key.
 */
function vapidPair(publicKey: string, privateKey: string): { publicKey: string; privateKey: string } | undefined {
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(publicKey) || !base64url.test(privateKey)) return undefined;
  const key = Buffer.from(privateKey, 'base64url');
  if (key.length === 0 || key.length > 32 || Buffer.from(publicKey, 'base64url').length !== 65) return undefined;
  const padded = Buffer.concat([Buffer.alloc(32 - key.length), key]);
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(padded);
    return ecdh.getPublicKey('base64url') === publicKey
      ? { publicKey, privateKey: padded.toString('base64url') }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The contact push services see: the site when it is served over https, else the mail sender's address. */
function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return publicUrl.replace(/\/+$/, '');
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? `mailto:${address}` : 'mailto:no-reply@gigreel.local';
}

/** Whether HOST only accepts connections from this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}
