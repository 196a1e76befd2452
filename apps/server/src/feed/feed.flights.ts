/**
 * Identical requests for the public feed page share one computation (the query, the JSON and the
 * ETag) instead of each running its own: under load, fifty people asking for the first page cost
 * one query and one serialisation, not fifty. Only computations in flight are held, never a
 * finished page, so memory stays bounded whatever the keys and nothing is served from a cache.
 *
 * A request joins the computation already running, whose answer is at most a few milliseconds
 * older than the request (the page says any cache may keep it for 15 s). A request that must see
 * its sender's own last write (`strict`) never joins one that started before it arrived: it waits
 * for the next, which starts as soon as the running one ends and serves everyone who asked meanwhile.
 */
export type Flights<T> = (key: string, work: () => Promise<T>, options?: { strict?: boolean }) => Promise<T>;

export function createFlights<T>(): Flights<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();

  const start = (key: string, work: () => Promise<T>): Promise<T> => {
    // Started after the requests already read in this turn of the event loop, so they join it. On
    // PGlite the query runs on this thread: started at once, it would finish before the next
    // request was even read, and no two requests would ever share.
    const flight = new Promise<void>((resolve) => setImmediate(resolve)).then(work);
    running.set(key, flight);
    const land = () => {
      if (running.get(key) === flight) running.delete(key);
    };
    flight.then(land, land);
    return flight;
  };

  return (key, work, options = {}) => {
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
}
