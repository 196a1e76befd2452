/**
 * Preloaded into a server process a benchmark starts (`--import ./bench/memory-probe.ts`, with an IPC
 * channel): sends the process's own memory figures to the benchmark every second, since the heap,
 * unlike the resident set, cannot be read from outside the process. Asked `{ type: 'gc' }` (with
 * --expose-gc), it runs a full collection first and answers with what is really retained.
 * Does nothing without IPC.
 */
export type MemoryReport = { type: 'memory'; at: number; afterGc: boolean } & NodeJS.MemoryUsage;

if (process.send) {
  const report = (afterGc: boolean) => {
    if (process.connected)
      process.send?.({ type: 'memory', at: Date.now(), afterGc, ...process.memoryUsage() } satisfies MemoryReport);
  };
  setInterval(() => report(false), 1000).unref();
  process.on('message', (message: { type?: string }) => {
    if (message?.type !== 'gc') return;
    globalThis.gc?.();
    report(true);
  });
  // The channel must not keep the server alive once it has closed everything else.
  process.channel?.unref();
}
