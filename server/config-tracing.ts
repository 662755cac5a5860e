import { z } from 'zod';
import { ConfigError, urlText } from './config-text';

/**
 * Tracing (docs/deploy.md, "Tracing"): the standard OpenTelemetry variables, read here so a mistake stops
 * the start with a message, and so the one that turns tracing on is the one the exporter uses.
 */
export const tracingEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT: urlText('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json'], { error: 'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json' })
    .default('http/protobuf'),
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().min(1, { error: 'OTEL_SERVICE_NAME must not be empty' }).default('semear'),
};

type TracingEnv = z.output<z.ZodObject<typeof tracingEnv>>;

export interface TracingConfig {
  /** Where spans go: OTLP/HTTP at `${endpoint}/v1/traces`. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  /** Sent with every export (an API key of the tracing service). */
  headers: Record<string, string>;
  serviceName: string;
}

/** `key=value,key2=value2`, each part URL-encoded (the OpenTelemetry specification's format). */
function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const part of (text ?? '').split(',')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at <= 0) throw new ConfigError('Invalid configuration: OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas');
    headers[decodeURIComponent(part.slice(0, at).trim())] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return headers;
}

/** Null without OTEL_EXPORTER_OTLP_ENDPOINT: no tracing, and the SDK is never loaded (server/tracing/tracing.ts). */
export function tracingConfig(e: TracingEnv): TracingConfig | null {
  if (!e.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  return {
    tracesUrl: `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`,
    protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL,
    headers: parseHeaders(e.OTEL_EXPORTER_OTLP_HEADERS),
    serviceName: e.OTEL_SERVICE_NAME,
  };
}
