/** Just what the tests use of @20minutes/s3rver (an S3-protocol server that checks signatures). */
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: Array<{ name: string }>;
      resetOnClose?: boolean;
    });
    run(): Promise<{ port: number; address: string }>;
    /** The listening server, once running (a test cuts its connections to stop the store at once). */
    httpServer?: import('node:http').Server;
    close(): Promise<void>;
  }
}
