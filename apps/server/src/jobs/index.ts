/**
 * Background jobs (issue 12): each one file here with its schedule and its lease (lease.ts), its
 * work a service function of its module. This plugin starts them when the app is ready and stops
 * them when it closes, so every app instance — the server and each test app — runs the same ones.
 * Modules never import this folder.
 */
import type { FastifyInstance } from 'fastify';
import { sweepJob, type Job } from './lease.ts';
import { activitySweep } from './activity-upkeep.ts';
import { orderSweep } from './order-upkeep.ts';
import { searchIndexJob } from './search-index.ts';

export async function jobs(app: FastifyInstance) {
  // The search index first: a small catalogue is indexed before the app reports ready.
  const all: Job[] = [searchIndexJob(app), sweepJob(app, orderSweep), sweepJob(app, activitySweep)];
  app.addHook('onReady', async () => {
    for (const job of all) await job.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(all.map((job) => job.stop()));
  });
}
