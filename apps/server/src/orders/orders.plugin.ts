/** Registers orders and private jobs: one line in app.ts. */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { jobsRoutes } from '../jobs/jobs.routes.ts';
import { ordersRoutes } from './orders.routes.ts';

export async function ordersAndJobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await ordersRoutes(app, deps);
  await jobsRoutes(app, deps);
}
