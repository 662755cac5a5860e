import { AnalyticsTracker } from './AnalyticsTracker';
import { ViewportPrefetcher } from './ViewportPrefetcher';
import { StepUpHost } from '../../app/dialogs/step-up-provider';

/**
 * What the shell does that no first screen shows: page views, link prefetch and the step-up dialog's host. Loaded lazily by the
 * root layout, so their code is not among what a phone downloads before the page paints (the
 * first-screen budget, tests/budget); the first page's view is recorded when it mounts, a moment later.
 */
export default function BackgroundWork() {
  return (
    <>
      <AnalyticsTracker />
      <ViewportPrefetcher />
      <StepUpHost />
    </>
  );
}
