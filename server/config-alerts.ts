import { z } from 'zod';
import { integerText } from './config-text';

/** The thresholds of the alerts to the admins (docs/deploy.md, "Alerts"). */
export const alertsEnv = {
  ALERT_PROVIDER_ERRORS: integerText('ALERT_PROVIDER_ERRORS', 1, 1_000_000).default(10),
  ALERT_WEBHOOK_SIGNATURE_FAILURES: integerText('ALERT_WEBHOOK_SIGNATURE_FAILURES', 1, 1_000_000).default(20),
  ALERT_QUEUE_AGE_MINUTES: integerText('ALERT_QUEUE_AGE_MINUTES', 1, 24 * 60).default(10),
};

type AlertsEnv = z.output<z.ZodObject<typeof alertsEnv>>;

export interface AlertsConfig {
  /** This many failed calls to one provider within 5 minutes (on one node) raise an alert. */
  providerErrors: number;
  /** This many provider webhooks with a bad signature within 5 minutes (on one node) raise an alert. */
  webhookSignatureFailures: number;
  /** A queue whose oldest due item waits longer than this raises an alert. */
  queueAgeMs: number;
}

export const alertsConfig = (e: AlertsEnv): AlertsConfig => ({
  providerErrors: e.ALERT_PROVIDER_ERRORS,
  webhookSignatureFailures: e.ALERT_WEBHOOK_SIGNATURE_FAILURES,
  queueAgeMs: e.ALERT_QUEUE_AGE_MINUTES * 60_000,
});
