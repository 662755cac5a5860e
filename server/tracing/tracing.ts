import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import type { TracingConfig } from '../config-tracing';

/**
 * Optional tracing (docs/deploy.md, "Tracing"). Without OTEL_EXPORTER_OTLP_ENDPOINT nothing here loads
 * the OpenTelemetry SDK or an exporter (tracing-sdk.ts is imported dynamically, only when it is set), and
 * what runs per request, statement or provider call is one look at `tracingOn()`: the request plugin is
 * not registered and the database clients are not wrapped.
 */
let on = false;

/** Whether spans are being recorded and exported (start.ts started the SDK). */
export const tracingOn = (): boolean => on;

/** Our spans' tracer: the SDK's once started, the API's no-op before. */
export const tracer = (): Tracer => trace.getTracer('semear');

export interface Tracing {
  /** Sends the spans still buffered, then stops: called last in the shutdown's drain. */
  shutdown(): Promise<void>;
}

/** Starts the SDK when `config` says where traces go; null when it does not (nothing loaded). */
export async function startTracing(config: TracingConfig | null): Promise<Tracing | null> {
  if (!config) return null;
  const { startSdk } = await import('./tracing-sdk');
  const sdk = startSdk(config);
  on = true;
  return {
    async shutdown() {
      if (!on) return;
      on = false;
      try {
        await sdk.shutdown();
      } finally {
        // The API's globals back to no-ops: a later start (tests, in one process) registers afresh.
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}
