/**
 * A small Server-Sent Events reader over fetch, for tests and the live benchmark (browsers use
 * EventSource). It keeps every event it has seen and lets a caller wait for the next one matching.
 */
export type SseEvent = { id: string | null; event: string; data: unknown; receivedAt: number };

export type SseConnection = {
  status: number;
  events: SseEvent[];
  /** Resolves with the first event (already seen or future) for which match returns true. */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Comment lines seen (heartbeats). */
  comments: () => number;
  close(): void;
  closed: Promise<void>;
};

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
  onEvent?: (event: SseEvent) => void,
): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }>();
  let comments = 0;
  let endStream: () => void = () => {};
  const closed = new Promise<void>((resolve) => (endStream = resolve));

  const dispatch = (event: SseEvent) => {
    events.push(event);
    onEvent?.(event);
    for (const waiter of waiters) {
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    }
  };

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            let id: string | null = null;
            let name = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments += 1;
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) name = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) dispatch({ id, event: name, data: JSON.parse(data.join('\n')), receivedAt: Date.now() });
          }
        }
      } catch {
        // aborted or the connection dropped
      } finally {
        endStream();
      }
    })();
  } else {
    await response.body?.cancel().catch(() => {});
    endStream();
  }

  return {
    status: response.status,
    events,
    comments: () => comments,
    closed,
    close: () => abort.abort(),
    waitFor(match, timeoutMs = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (event: SseEvent) => {
            clearTimeout(timer);
            resolve(event);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `no matching live event within ${timeoutMs} ms (seen: ${events.map((event) => event.event).join(', ')})`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
