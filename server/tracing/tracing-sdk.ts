import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from '../config-tracing';

/**
 * The OpenTelemetry SDK, loaded only when tracing is configured (tracing.ts imports this dynamically).
 * Traces only: no metrics (Prometheus has those) and no logs (stdout has those), whatever the OTEL_*
 * variables say. No auto-instrumentation: it patches modules through a loader hook that an ES-module
 * server run by tsx does not get, so requests, statements and provider calls are spanned where they pass
 * through our own code (plugins/tracing.ts, tracing/traced-database.ts, instrumented-gateways.ts).
 * The batch processor keeps its OTEL_BSP_* settings; the sampler its OTEL_TRACES_SAMPLER ones.
 */
export function startSdk(config: TracingConfig): NodeSDK {
  const options = { url: config.tracesUrl, headers: config.headers };
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      [ATTR_SERVICE_VERSION]: process.env.npm_package_version ?? 'unknown',
    }),
    // OTEL_RESOURCE_ATTRIBUTES still applies; the host and process detectors would add the command line.
    resourceDetectors: [envDetector],
    traceExporter: config.protocol === 'http/json' ? new JsonExporter(options) : new ProtobufExporter(options),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  return sdk;
}
