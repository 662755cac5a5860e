import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** The directives of our Content Security Policy, exported so tests can check them. */
export function contentSecurityPolicy(config: Pick<Config, 'adScriptUrl' | 'publicUrl'>): Record<string, string[] | null> {
  const site = new URL(config.publicUrl);
  const secure = site.protocol === 'https:';
  return {
    'default-src': ["'self'"],
    // The advertising script (SPEC.md §1) is the only outside script allowed.
    'script-src': ["'self'", ...(config.adScriptUrl ? [new URL(config.adScriptUrl).origin] : [])],
    // Covers are served from PUBLIC_URL, which may be another host name than the one in the address bar.
    'img-src': ["'self'", site.origin, 'data:', 'blob:'],
    // vanilla-extract in development and react-toastify inject <style> elements.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    // The realtime endpoint is a WebSocket on the same host.
    'connect-src': ["'self'", `ws://${site.host}`, `wss://${site.host}`],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Upgrading only makes sense when the site itself is served over HTTPS.
    'upgrade-insecure-requests': secure ? [] : null,
  };
}

export const securityHeadersPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      hsts: new URL(config.publicUrl).protocol === 'https:',
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'semear-security-headers' },
);
