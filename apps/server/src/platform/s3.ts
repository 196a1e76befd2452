/**
 * The Storage interface over any S3-compatible store (AWS S3, MinIO, R2, ...), chosen when the S3_*
 * settings are present. Path-style addressing works with every such store; checksums are computed
 * only where the protocol requires them, which many compatible stores expect.
 */
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage } from './storage.ts';

export type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
};

function createS3Client(settings: S3Settings): S3Client {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle ?? true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  // Bucket-level requests come out as "/bucket/"; some compatible stores only route "/bucket".
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = (args as { request?: { path?: string } }).request;
      if (request?.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'gigreelBucketPathSlash' },
  );
  return client;
}

/** A stream of known length goes out as it is; one of unknown length is read first (our objects are at most tens of MB). */
async function bodyWithLength(body: Readable | Buffer): Promise<{ body: Readable | Buffer; length: number }> {
  if (Buffer.isBuffer(body)) return { body, length: body.length };
  const file = (body as Readable & { path?: unknown }).path;
  if (typeof file === 'string') return { body, length: (await stat(file)).size };
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  const buffer = Buffer.concat(chunks);
  return { body: buffer, length: buffer.length };
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(settings: S3Settings, client = createS3Client(settings)): Storage {
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertSafeKey(key);
      const { body: Body, length } = await bodyWithLength(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body, ContentLength: length, ContentType: contentType }),
      );
    },
    async get(key, range) {
      assertSafeKey(key);
      const response = await client.send(
        new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!response.Body) throw new Error(`empty body for ${key}`);
      return response.Body as Readable;
    },
    async head(key) {
      assertSafeKey(key);
      try {
        const response = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: response.ContentLength ?? 0, contentType: response.ContentType };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
