/**
 * Identical requests for a public answer (a feed page, Explore's hashtags) share one computation (the
 * query, the JSON and the ETag) instead of each running its own: under load, fifty people asking for
 * the first page cost one query and one serialisation, not fifty.
 *
 * With `keepMs`, a finished page is also kept that long (measured from when its computation started,
 * so no answer is older than that, by `now`: performance.now() unless a clock is given) for at most
 * `maxKept` keys, the oldest dropped first; `forget()` drops them all at once (the server calls it
 * after every write it serves). A page the public may cache for 15 s is then read from the database
 * at most once a second per process.
 *
 * A request joins the computation already running, whose answer is at most a few milliseconds
 * older than the request (the page says any cache may keep it for 15 s). A request that must see
 * its sender's own last write (`strict`) never joins one that started before it arrived: it waits
 * for the next, which starts as soon as the running one ends and serves everyone who asked meanwhile.
 */
export type Flights<T> = ((key: string, work: () => Promise<T>, options?: { strict?: boolean }) => Promise<T>) & {
  forget(): void;
};

export function createFlights<T>({
  keepMs = 0,
  maxKept = 200,
  now = () => performance.now(),
}: { keepMs?: number; maxKept?: number; now?: () => number } = {}): Flights<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();
  const kept = new Map<string, { startedAt: number; value: T }>();
  // A computation that started before the last forget() must not put its page back.
  let generation = 0;

  const start = (key: string, work: () => Promise<T>): Promise<T> => {
    // Started after the requests already read in this turn of the event loop, so they join it. On
    // PGlite the query runs on this thread: started at once, it would finish before the next
    // request was even read, and no two requests would ever share.
    const startedIn = generation;
    let startedAt = 0;
    const flight = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      startedAt = now();
      return work();
    });
    running.set(key, flight);
    if (keepMs > 0) {
      void flight.then(
        (value) => {
          if (startedIn !== generation) return;
          kept.delete(key);
          kept.set(key, { startedAt, value });
          if (kept.size > maxKept) kept.delete(kept.keys().next().value!);
        },
        () => undefined,
      );
    }
    const land = () => {
      if (running.get(key) === flight) running.delete(key);
    };
    flight.then(land, land);
    return flight;
  };

  const share = (key: string, work: () => Promise<T>, options: { strict?: boolean } = {}): Promise<T> => {
    if (keepMs > 0 && !options.strict) {
      const page = kept.get(key);
      if (page && now() - page.startedAt < keepMs) return Promise.resolve(page.value);
    }
    const current = running.get(key);
    if (current && !options.strict) return current;
    // The next computation has not started yet, so it will see everything committed before now.
    const next = queued.get(key);
    if (next) return next;
    if (!current) return start(key, work);
    const after = () => {
      queued.delete(key);
      return start(key, work);
    };
    const waiting = current.then(after, after);
    queued.set(key, waiting);
    return waiting;
  };
  return Object.assign(share, {
    forget() {
      generation += 1;
      kept.clear();
    },
  });
}
