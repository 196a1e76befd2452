/**
 * Views and link/Buy clicks on their way to the server (issue 18, decision 0018): collected in this
 * tab and sent together a few seconds after the first, and at once when the page is hidden or left,
 * so watching the feed costs no request per offer and never holds it up. A keepalive fetch outlives
 * the page like sendBeacon, and sends the app's Origin with a JSON body. Each offer's view or click is
 * sent once per tab and day; the server counts it once per person or browser and UTC day anyway. A
 * batch that fails (offline, too many from this address) is dropped: these are counts, not orders.
 */
import {
  AUDIENCE_BATCH_MAX,
  AUDIENCE_FLUSH_MS,
  type ApiRoutes,
  type AudienceEvent,
  type RouteRequest,
} from '@gigreel/core';
import { pathOf } from '../../api/client.ts';

type Batch = RouteRequest<ApiRoutes['POST /api/stats/events']>['body'];

const waiting: AudienceEvent[] = [];
const taken = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** The offer was watched (the on-screen rule is useViewTracking's). */
export const recordView = (offerId: string) => record({ offerId, kind: 'view' });
/** The offer's link or Buy button was pressed. */
export const recordClick = (offerId: string) => record({ offerId, kind: 'click' });

function record(event: AudienceEvent): void {
  const key = `${new Date().toISOString().slice(0, 10)} ${event.kind} ${event.offerId}`;
  if (taken.has(key)) return;
  taken.add(key);
  waiting.push(event);
  listenForLeaving();
  timer ??= setTimeout(flush, AUDIENCE_FLUSH_MS);
}

function flush(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  while (waiting.length > 0) {
    const batch: Batch = { events: waiting.splice(0, AUDIENCE_BATCH_MAX) };
    fetch(pathOf('POST /api/stats/events'), {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    }).catch(() => undefined);
  }
}

function listenForLeaving(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
