/**
 * A push service for the tests, on a free local port: it takes the server's pushes as a browser's
 * push service does, answering each with the status the test chooses, and makes devices whose keys
 * the test holds (an ECDH P-256 pair and a 16-byte auth secret, as a browser's PushSubscription has),
 * so a test reads what a device would show by decrypting the payload (RFC 8291, aes128gcm).
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export type ReceivedPush = {
  /** The device it was for (its endpoint's last segment). */
  device: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** What this service answered. */
  status: number;
};

export type TestDevice = {
  id: string;
  /** What the browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The payload as the device reads it once decrypted. */
  read(push: ReceivedPush): unknown;
};

export type TestPushService = {
  origin: string;
  device(): TestDevice;
  /** Every push received, in order. */
  received: ReceivedPush[];
  /** The status to answer a push with (201 unless set): by device and by that device's attempt (1 first). */
  answer(status: (device: string, attempt: number) => number): void;
  /** The first push for the device (or any) that `next` has not given yet, waiting for one to arrive if need be. */
  next(device?: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
};

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const attempts = new Map<string, number>();
  let answer = (_device: string, _attempt: number) => 201;
  const taken = new Set<ReceivedPush>();
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = (request.url ?? '').split('/').pop() ?? '';
      const attempt = (attempts.get(device) ?? 0) + 1;
      attempts.set(device, attempt);
      const status = answer(device, attempt);
      received.push({ device, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const keysOf = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  return {
    origin,
    received,
    device() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keysOf.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/wpush/v2/${id}`,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
        },
        read(push) {
          const plain = decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
          return JSON.parse(plain.toString('utf8'));
        },
      };
    },
    answer(status) {
      answer = status;
    },
    async next(device, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const push = received.find((one) => !taken.has(one) && (!device || one.device === device));
        if (push) {
          taken.add(push);
          return push;
        }
        if (Date.now() > deadline) throw new Error(`no push for ${device ?? 'any device'} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, deadline - Date.now());
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The VAPID authorization of a push (RFC 8292) as a push service checks it: `vapid t=<JWT>, k=<key>`,
 * the JWT signed with ES256 by the key named, for this service's origin, not yet expired.
 */
export function readVapid(push: ReceivedPush): {
  key: string;
  header: Record<string, unknown>;
  claims: { aud: string; exp: number; sub: string };
  signedByKey: boolean;
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(push.headers.authorization ?? ''));
  if (!match) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, token = '', key = ''] = match;
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signedByKey = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    key,
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')),
    signedByKey,
  };
}
