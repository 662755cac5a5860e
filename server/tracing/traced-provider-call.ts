import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { tracer } from './tracing';

/**
 * A provider call's child span (instrumented-gateways.ts, where calls are also timed for the metrics):
 * provider, operation (the adapter's method) and outcome. Never its arguments or answer: those carry card
 * tokens, names and addresses.
 */
export function tracedProviderCall(provider: string, operation: string, call: () => unknown): unknown {
  const span = tracer().startSpan(`${provider} ${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'semear.provider': provider, 'semear.provider.operation': operation },
  });
  const end = (outcome: 'ok' | 'error') => {
    span.setAttribute('semear.provider.outcome', outcome);
    if (outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    end('error');
    throw error;
  }
  if (!(result instanceof Promise)) {
    end('ok');
    return result;
  }
  return result.then(
    (value: unknown) => {
      end('ok');
      return value;
    },
    (error: unknown) => {
      end('error');
      throw error;
    },
  );
}
