import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { loadCatalogScope } from '../i18n/catalogs';

// The dialog, its machine, the WebAuthn client and its messages load the first time a step-up is asked for.
const loadDialog = () => Promise.all([import('./step-up/StepUpDialog'), loadCatalogScope('security')]).then(([module]) => module);
const StepUpDialog = lazy(() => loadDialog().then((m) => ({ default: m.StepUpDialog })));

/**
 * Lets the API client ask for a step-up (src/lib/http/step-up-gate.ts): a money action refused with 403
 * `auth.step_up_required` opens the dialog, and the request goes again once the factor is proved. The gate
 * lives with the API client, which a visitor's first screen does not load: it is reached only once signed in,
 * and this host itself comes with the shell's background work (src/features/shell/BackgroundWork.tsx).
 */
export function StepUpHost() {
  const [wanted, setWanted] = useState(false);
  const signedIn = useAuth().isSignedIn;
  useEffect(() => {
    if (!signedIn) return;
    let unregister: (() => void) | undefined;
    let current = true;
    void import('../../lib/http/step-up-gate').then((gate) => {
      if (!current) return;
      unregister = gate.setStepUpHandler(async () => {
        setWanted(true);
        const { stepUpService } = await loadDialog();
        return stepUpService.request();
      });
    });
    return () => {
      current = false;
      unregister?.();
    };
  }, [signedIn]);
  return wanted ? (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  ) : null;
}
