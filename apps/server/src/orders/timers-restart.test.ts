/**
 * The order timers across processes (PostgreSQL pass, TEST_DATABASE_URL): a timer set by one process
 * that stops before it is due is fired by the server processes started after it, once, however many.
 */
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUpProcesses, freePort, freshPostgresDatabase, ready, server, tempDataDir } from '../../test/process.ts';
import { loadConfig } from '../config.ts';
import { createDeps } from '../create-deps.ts';
import { openDatabase } from '../db/connection.ts';
import { orderEvents, orders, users } from '../db/schema.ts';
import { manualClock } from '../platform/clock.ts';
import { startQueue } from '../platform/queue.ts';
import { orderTimerJob } from './index.ts';
import { setDeliveryTimers } from './order-timers.ts';

afterAll(async () => cleanUpProcesses());

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('order timers across server processes', () => {
  it('a timer set by a process that then stopped fires in the processes started after it, once', async () => {
    const url = await freshPostgresDatabase('timers', { migrated: true });
    const database = await openDatabase({ kind: 'postgres', url, max: 2 });
    try {
      // The first process: it delivers an order, which sets the reminder (1 s) and completion (2 s), and stops.
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDataDir(), ORDER_AUTO_COMPLETE_AFTER: '2s' });
      const log = pino({ level: 'silent' });
      const deps = createDeps({ config, database, log, clock: manualClock() });
      const first = await startQueue(database, log, { recurring: false });
      await first.handle(orderTimerJob(deps));
      await database.db.insert(users).values([
        { id: 'timer-buyer', name: 'Bea Buyer', email: 'bea@example.com', emailVerified: true },
        { id: 'timer-seller', name: 'Sol Seller', email: 'sol@example.com', emailVerified: true },
      ]);
      const orderId = await database.db.transaction(async (tx) => {
        const now = new Date();
        const [order] = await tx
          .insert(orders)
          .values({
            buyerId: 'timer-buyer',
            sellerId: 'timer-seller',
            title: 'Poster',
            pricePence: 2000,
            status: 'delivered',
            paidAt: now,
            paymentConfirmedAt: now,
            deliveredAt: now,
          })
          .returning({ id: orders.id });
        const [event] = await tx
          .insert(orderEvents)
          .values({ orderId: order!.id, kind: 'delivered', byRole: 'seller', createdAt: now })
          .returning({ id: orderEvents.id });
        await setDeliveryTimers(deps, tx, order!.id, event!.id);
        return order!.id;
      });
      await first.stop();

      // Two server processes start on the same database, as a deploy's replicas after a restart.
      const ports = [await freePort(), await freePort()];
      const runs = ports.map((port) => {
        const dataDir = tempDataDir();
        return server({
          NODE_ENV: 'test',
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          WEB_DIST: path.join(dataDir, 'no-web'),
          LOG_LEVEL: 'warn',
        });
      });
      await Promise.all(runs.map((run, index) => ready(`http://127.0.0.1:${ports[index]}`, run)));

      const kinds = async () =>
        (
          await database.query<{ kind: string }>('select kind from order_events where order_id = $1 order by id', [
            orderId,
          ])
        ).map((row) => row.kind);
      await expect.poll(kinds, { timeout: 30_000, interval: 200 }).toContain('auto_completed');
      // Both timers were due by the time the servers were up: the reminder, if it lost the race, found the
      // order completed and left it alone. Completed once, reminded at most once.
      const history = await kinds();
      expect(history.filter((kind) => kind === 'auto_completed')).toHaveLength(1);
      expect(history.filter((kind) => kind === 'reminded').length).toBeLessThanOrEqual(1);
      expect(history[0]).toBe('delivered');
      const [order] = await database.query<{ status: string }>('select status from orders where id = $1', [orderId]);
      expect(order!.status).toBe('completed');
      const told = await database.query<{ n: number }>(
        "select count(*)::int as n from notifications where user_id = 'timer-seller' and kind = 'order_completed'",
      );
      expect(told[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
