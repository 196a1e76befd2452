import { describe, expect, it, vi } from 'vitest';
import { createFlights } from './flights.ts';

/** A computation the test finishes by hand. */
function gate<T>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets a computation asked for in this turn of the event loop start. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createFlights', () => {
  it('requests that arrive while a computation runs share it', async () => {
    const share = createFlights<number>();
    let runs = 0;
    const work = async () => ++runs;
    const answers = await Promise.all([share('a', work), share('a', work), share('a', work)]);
    expect(answers).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
    expect(await share('a', work)).toBe(2);
  });

  it('strict requests arriving while one runs share a single next one', async () => {
    const share = createFlights<number>();
    let runs = 0;
    const work = async () => ++runs;
    const strict = { strict: true };
    const answers = await Promise.all([
      share('a', work),
      share('a', work, strict),
      share('a', work, strict),
      share('a', work),
    ]);
    expect(answers).toEqual([1, 2, 2, 1]);
    expect(runs).toBe(2);
  });

  it('a strict request never joins a computation that started before it arrived: it gets the next one, shared with later arrivals', async () => {
    const share = createFlights<string>();
    const first = gate<string>();
    const started: string[] = [];
    const early = share('page', () => (started.push('first'), first.promise));
    await nextTurn();
    const late = share('page', async () => (started.push('second'), 'after'), { strict: true });
    const later = share('page', async () => (started.push('third'), 'unused'), { strict: true });
    expect(started).toEqual(['first']);
    first.open('before');
    expect(await early).toBe('before');
    expect(await late).toBe('after');
    expect(await later).toBe('after');
    expect(started).toEqual(['first', 'second']);
    // Nothing is kept once the flights have landed.
    expect(await share('page', async () => 'fresh')).toBe('fresh');
  });

  it('different keys do not share, and a failure reaches only the requests that shared it', async () => {
    const share = createFlights<string>();
    const broken = gate<string>();
    const failing = share('x', () => broken.promise);
    const other = share('y', async () => 'y');
    await nextTurn();
    broken.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    expect(await other).toBe('y');
    expect(await share('x', async () => 'again')).toBe('again');
  });

  it('with keepMs, a finished answer serves later requests until it is that old, never a strict one, and forget() drops it', async () => {
    const share = createFlights<number>({ keepMs: 60_000 });
    let runs = 0;
    const work = async () => ++runs;
    expect(await share('a', work)).toBe(1);
    expect(await share('a', work)).toBe(1);
    expect(await share('a', work, { strict: true })).toBe(2);
    expect(await share('a', work)).toBe(2);
    share.forget();
    expect(await share('a', work)).toBe(3);
    // Age is read from performance.now(): a fake one moves on exactly when told to.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const brief = createFlights<number>({ keepMs: 1 });
      expect(await brief('a', work)).toBe(4);
      expect(await brief('a', work)).toBe(4);
      vi.advanceTimersByTime(5);
      expect(await brief('a', work)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer computed across a forget() is not kept, and at most maxKept keys are', async () => {
    const share = createFlights<string>({ keepMs: 60_000, maxKept: 2 });
    const slow = gate<string>();
    const early = share('page', () => slow.promise);
    await nextTurn();
    share.forget(); // a write landed while the page was being read
    slow.open('before the write');
    expect(await early).toBe('before the write');
    expect(await share('page', async () => 'after the write')).toBe('after the write');
    await share('b', async () => 'b');
    await share('c', async () => 'c');
    // 'page' was the oldest of three: dropped
    expect(await share('page', async () => 'read again')).toBe('read again');
    expect(await share('c', async () => 'not read')).toBe('c');
  });
});
