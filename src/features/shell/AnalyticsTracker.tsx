import { useEffect, useRef } from 'react';
import { useActorRef } from '@xstate/react';
import { useRouter } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { analyticsQueueMachine } from '../../../machines/analytics/analytics-queue.machine';
import { useLocale } from '../../app/i18n/I18nProvider';
import { inspected } from '../../lib/inspect';

// The API client loads with the first batch (3 s after the first view), not with the page.
const queueMachine = analyticsQueueMachine.provide({
  actors: {
    sendPageViews: fromPromise(async ({ input }) => (await import('../../lib/api/analytics')).sendPageViews(input.views)),
  },
});

/** The address of the document this tab loaded: the page the visitor landed on. */
function landingUrl(): URL {
  const [navigation] = performance.getEntriesByType('navigation');
  return new URL(navigation?.name ?? location.href);
}

/**
 * Records a page view after each route change (docs/spec.md §1): the analytics-queue machine batches
 * them and its sendPageViews actor posts every 3 s. Renders nothing.
 */
export function AnalyticsTracker() {
  const router = useRouter();
  const { locale } = useLocale();
  const localeRef = useRef(locale);
  localeRef.current = locale;
  const actor = useActorRef(queueMachine, inspected({}));

  useEffect(() => {
    let last: string | undefined;
    let referrer: string | undefined = document.referrer || undefined;
    const record = (path: string, at = new Date()) => {
      if (path === last) return;
      actor.send({
        type: 'analytics.pageViewed',
        path,
        referrer: referrer ? referrer.slice(0, 2048) : undefined,
        locale: localeRef.current,
        occurred_at: at.toISOString(),
      });
      referrer = `${location.origin}${path}`;
      last = path;
    };
    const off = router.subscribe('onResolved', (event) => record(event.toLocation.href));
    // This loads after the page, so the visitor may have left the page they landed on already: it
    // still counts, dated when it opened. (A redirect on landing so counts both pages, as page-view
    // analytics usually do.) Then the page shown now, if another.
    const current = router.state.resolvedLocation ?? router.state.location;
    const landing = landingUrl();
    const landingPath = landing.pathname === current.pathname ? current.href : `${landing.pathname}${landing.search}${landing.hash}`;
    record(landingPath, new Date(performance.timeOrigin));
    record(current.href);
    const onHide = () => {
      if (document.visibilityState === 'hidden') actor.send({ type: 'analytics.flushRequested' });
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      off();
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [router, actor]);

  return null;
}
