import { Trans } from '@lingui/react/macro';
import { Button, FormActions } from '../../ui';

/** A definition step's buttons: 'Voltar' (when there is a step before) and 'Continuar', which submits it. */
export function StepActions({ onBack }: { onBack?: () => void }) {
  return (
    <FormActions>
      {onBack ? (
        <Button type="button" variant="ghost" onClick={onBack}>
          <Trans>Voltar</Trans>
        </Button>
      ) : null}
      <Button type="submit">
        <Trans>Continuar</Trans>
      </Button>
    </FormActions>
  );
}
