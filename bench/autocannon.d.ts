/** The part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => void;
  };

  export type AutocannonClient = EventEmitter & {
    setHeaders(headers: Record<string, string>): void;
    setBody(body: string | Buffer): void;
    setRequest(request: AutocannonRequest): void;
    setRequests(requests: AutocannonRequest[]): void;
  };

  export type Histogram = {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };

  export type AutocannonResult = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** How often autocannon samples (and checks whether it is done), in milliseconds; 1000 by default. */
    sampleInt?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
    setupClient?: (client: AutocannonClient) => void;
    initialContext?: Record<string, unknown>;
  };

  export type AutocannonInstance = EventEmitter & { stop(): void };

  function autocannon(
    options: AutocannonOptions,
    callback: (error: Error | null, result: AutocannonResult) => void,
  ): AutocannonInstance;
  export default autocannon;
}
