import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { afterCommit } from '../db/after-commit';

/**
 * This process's counts for Prometheus (docs/deploy.md, "Metrics"): one registry per process, so the
 * services that count (a donation's repository, the payment adapters' wrapper) need no handle on the
 * app. Each node is scraped on its own; Prometheus adds the nodes up. What is read from the database on
 * each scrape (queues, the pool) lives with the app instead (app-gauges.ts).
 */
export const processMetrics = new Registry();

// Event-loop lag, heap, CPU, open handles: prom-client's defaults (nodejs_eventloop_lag_seconds…).
collectDefaultMetrics({ register: processMetrics });

/** Seconds buckets from a cached read (~1 ms) to a slow export or provider call. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern (never the raw URL) and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [processMetrics],
});

export const donationsTotal = new Counter({
  name: 'semear_donations_total',
  help: 'Donations reaching a status (pending, confirmed, failed, expired, refunded), by payment method and provider, counted on commit.',
  labelNames: ['method', 'provider', 'status'] as const,
  registers: [processMetrics],
});

export const refundsTotal = new Counter({
  name: 'semear_refunds_total',
  help: 'Refunds reaching an outcome (succeeded, failed, rejected), by payment method and provider, counted on commit.',
  labelNames: ['method', 'provider', 'status'] as const,
  registers: [processMetrics],
});

export const providerCallDuration = new Histogram({
  name: 'semear_provider_call_duration_seconds',
  help: 'Calls to a payment provider by provider and operation (the adapter method), errors included.',
  labelNames: ['provider', 'operation'] as const,
  buckets: SECONDS,
  registers: [processMetrics],
});

export const providerCallErrors = new Counter({
  name: 'semear_provider_call_errors_total',
  help: 'Calls to a payment provider that threw (network, timeouts, 5xx), by provider and operation.',
  labelNames: ['provider', 'operation'] as const,
  registers: [processMetrics],
});

export const realtimeConnections = new Gauge({
  name: 'semear_realtime_connections',
  help: 'Open WebSocket connections of the embedded realtime endpoint on this node.',
  registers: [processMetrics],
});

/** Wallet and gift-card payments never leave the ledger: their provider is ours. */
export const INTERNAL_PROVIDER = 'internal';

/** Counts a donation's new status once the caller's transaction commits (after-commit.ts). */
export function countDonation(labels: { method: string; provider: string; status: string }): void {
  afterCommit(() => donationsTotal.inc(labels));
}

/** Counts a refund's new status once the caller's transaction commits. */
export function countRefund(labels: { method: string; provider: string; status: string }): void {
  afterCommit(() => refundsTotal.inc(labels));
}
