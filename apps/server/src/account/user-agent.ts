/**
 * A device as a person recognises it ("Chrome on Android", "Safari on iPhone") from a session's
 * User-Agent. Plain substring checks in the order that tells browsers apart (Edge and Opera and
 * Samsung Internet say "Chrome" too, Chrome says "Safari"), so no pattern runs on text from outside.
 */
import { accountTexts } from '@gigreel/core';

const BROWSERS: Array<[name: string, marks: string[]]> = [
  ['Edge', ['Edg/', 'EdgA/', 'EdgiOS/']],
  ['Opera', ['OPR/', 'OPT/', 'Opera']],
  ['Samsung Internet', ['SamsungBrowser/']],
  ['Firefox', ['Firefox/', 'FxiOS/']],
  ['Chrome', ['CriOS/', 'Chrome/', 'Chromium/']],
  ['Safari', ['Safari/']],
];

const SYSTEMS: Array<[name: string, marks: string[]]> = [
  ['iPhone', ['iPhone']],
  ['iPad', ['iPad']],
  ['Android', ['Android']],
  ['ChromeOS', ['CrOS']],
  ['Windows', ['Windows']],
  ['Mac', ['Macintosh', 'Mac OS X']],
  ['Linux', ['Linux', 'X11']],
];

const first = (agent: string, table: Array<[string, string[]]>) =>
  table.find(([, marks]) => marks.some((mark) => agent.includes(mark)))?.[0] ?? null;

export function deviceName(userAgent: string | null | undefined): string {
  // What identifies a browser comes early; a very long header is cut before it is read.
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = first(agent, BROWSERS);
  const system = first(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? accountTexts.devices.unknown;
}
