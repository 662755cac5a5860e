import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { startTracing, tracingOn } from '../../server/tracing/tracing';
import { statementText } from '../../server/tracing/traced-database';

// A vi.mock factory runs only when its module is imported: the count says whether the SDK was ever loaded.
const sdkLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/tracing/tracing-sdk', () => {
  sdkLoads.count++;
  return { startSdk: () => ({ shutdown: async () => {} }) };
});

const SECRETS = { JWT_SECRET: 'x'.repeat(32), PAYMENT_WEBHOOK_SECRET: 'y'.repeat(32), PUSHER_SECRET: 'z'.repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...SECRETS, ...env });

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('configures nothing, starts nothing and never imports the SDK module', async () => {
    const config = load({ OTEL_SERVICE_NAME: 'ignored-without-an-endpoint' });
    expect(config.tracing).toBeNull();
    expect(await startTracing(config.tracing)).toBeNull();
    expect(tracingOn()).toBe(false);
    expect(sdkLoads.count).toBe(0);
  });
});

describe('tracing configuration', () => {
  it('reads the endpoint, protocol, headers and service name the OpenTelemetry way', () => {
    const tracing = load({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example.org:4318/',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team = semear',
    }).tracing;
    expect(tracing).toEqual({
      tracesUrl: 'https://collector.example.org:4318/v1/traces',
      protocol: 'http/protobuf',
      headers: { 'x-api-key': 'abc==', 'x-team': 'semear' },
      serviceName: 'semear',
    });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
    expect(() => load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign' })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
  });

  it('starts the SDK module only when an endpoint is configured', async () => {
    const tracing = await startTracing(load({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing);
    expect(sdkLoads.count).toBe(1);
    expect(tracingOn()).toBe(true);
    await tracing?.shutdown();
    expect(tracingOn()).toBe(false);
  });
});

describe('what a statement span may say', () => {
  it('blanks literals, folds whitespace and cuts long texts', () => {
    expect(statementText("select *\n  from users where email = 'maria@exemplo.com.br' and id = $1")).toBe(
      "select * from users where email = '?' and id = $1",
    );
    expect(statementText("insert into t values ('it''s')")).toBe("insert into t values ('?')");
    expect(statementText(`select ${'a, '.repeat(400)}b`)).toHaveLength(301);
  });
});
