import { providerCallDuration, providerCallErrors } from '../../metrics/metrics';
import { providerCalls, providerErrors } from '../../metrics/alert-signals';
import { tracingOn } from '../../tracing/tracing';
import { tracedProviderCall } from '../../tracing/traced-provider-call';
import type { PaymentGateway } from './gateway';
import type { PaymentGateways } from './gateways';

/**
 * Every provider's calls timed and their errors counted, at the one boundary all adapters share: the
 * registry the routes and jobs take their gateway from. Each gateway is wrapped once (a Proxy, cached),
 * so a gateway read through `for`, `named` and `all` is still the same object. An operation is the
 * adapter's method name (a fixed set: bounded labels); calls that answer synchronously pass untimed.
 */
export function instrumentedGateways(gateways: PaymentGateways): PaymentGateways {
  const wrapped = new WeakMap<object, PaymentGateway>();
  const instrument = <G extends PaymentGateway>(gateway: G): G => {
    const known = wrapped.get(gateway);
    if (known) return known as G;
    const proxy = new Proxy(gateway, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        return (...args: unknown[]) => {
          const call = () => Reflect.apply(value, target, args) as unknown;
          return timedCall(target.name, property, tracingOn() ? () => tracedProviderCall(target.name, property, call) : call);
        };
      },
    });
    wrapped.set(gateway, proxy);
    return proxy;
  };
  return {
    for: (method) => instrument(gateways.for(method)),
    named: (name) => {
      const gateway = gateways.named(name);
      return gateway ? instrument(gateway) : null;
    },
    get all() {
      return gateways.all.map(instrument);
    },
  };
}

function timedCall(provider: string, operation: string, call: () => unknown): unknown {
  const labels = { provider, operation };
  const started = performance.now();
  const failed = (error: unknown) => {
    providerCallErrors.inc(labels);
    // The alerts' 5-minute counts (alert-signals.ts): a call that answers synchronously is no network call.
    providerErrors.add(provider);
    providerCallDuration.observe(labels, (performance.now() - started) / 1000);
    throw error;
  };
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    providerCalls.add(provider);
    return failed(error);
  }
  if (!(result instanceof Promise)) return result;
  providerCalls.add(provider);
  return result.then((value: unknown) => {
    providerCallDuration.observe(labels, (performance.now() - started) / 1000);
    return value;
  }, failed);
}
