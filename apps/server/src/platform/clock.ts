/** Times come from here so tests can move time (inactivity, signed links, rate windows). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move forward. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
