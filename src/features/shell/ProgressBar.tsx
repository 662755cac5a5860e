import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { progressBarMachine } from '../../../machines/progress/progress-bar.machine';
import * as s from './shell.css';
import { inspected } from '../../lib/inspect';

/**
 * The thin bar at the top during route changes. Router events drive the progress-bar machine
 * (start on onBeforeNavigate, finish on onResolved); the view only reads its tag and value.
 */
export function ProgressBar() {
  const { t } = useLingui();
  const router = useRouter();
  const actor = useActorRef(progressBarMachine, inspected({}));
  const visible = useSelector(actor, (snap) => snap.hasTag('state:visible'));
  const value = useSelector(actor, (snap) => snap.context.value);

  useEffect(() => {
    const offStart = router.subscribe('onBeforeNavigate', () => actor.send({ type: 'navigation.started' }));
    const offEnd = router.subscribe('onResolved', () => actor.send({ type: 'navigation.finished' }));
    return () => {
      offStart();
      offEnd();
    };
  }, [router, actor]);

  if (!visible) return null;
  return (
    <div
      className={s.progress}
      role="progressbar"
      aria-label={t`Carregando a página`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="route-progress"
    >
      <div className={s.progressFill} style={{ width: `${value}%` }} />
    </div>
  );
}
