/** Just what the tests use of http_ece (RFC 8188 / RFC 8291 content encoding): decrypting a push as a device does. */
declare module 'http_ece' {
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: import('node:crypto').ECDH; authSecret: Buffer | string },
  ): Buffer;
}
