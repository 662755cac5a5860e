import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui';
import { availableMethods, type CheckoutEvent, type FieldIssue } from '../../../machines/checkout/checkout.machine';
import { AddressStep } from './AddressStep';
import { ContactStep } from './ContactStep';
import { PaymentStep } from './PaymentStep';
import type { CheckoutView, StepView } from './checkout-view';
import { fieldErrorsOf } from './refused-fields';
import type { GivingFrequency } from './frequency';

interface Props {
  view: CheckoutView & StepView;
  frequency: GivingFrequency;
  /** The last step's button pays ("Doar R$ 50,00"); the others go on ("Continuar"). */
  submitLabel: string;
  refused: readonly FieldIssue[];
  send(event: CheckoutEvent): void;
}

/** The form of the step the machine is on, and the way back to the previous one. */
export function CurrentStep({ view, frequency, submitLabel, refused, send }: Props) {
  const { context, step, busy } = view;
  if (step === null) return null;
  const methods = availableMethods(context);
  return (
    <>
      {step === 'contact' ? (
        <ContactStep
          contact={context.contact}
          message={context.message}
          isAnonymous={context.isAnonymous}
          allowForeigner={context.allowForeigner}
          companyOnly={context.companyOnly}
          frequency={frequency}
          busy={busy}
          fieldErrors={fieldErrorsOf(refused, 'contact')}
          onSubmit={({ contact, message, is_anonymous }) => send({ type: 'contact.submitted', contact, message, is_anonymous })}
        />
      ) : null}
      {step === 'payment' ? (
        <PaymentStep
          // Re-mounted when the donor becomes (or stops being) a foreigner, or signs out: the methods change.
          key={`${methods.join()}|${context.signedIn}`}
          methods={methods}
          payment={context.payment}
          signedIn={context.signedIn}
          amount={context.amount}
          savedCards={context.savedCards}
          walletBalance={context.walletBalance}
          busy={busy}
          submitLabel={submitLabel}
          frequency={frequency}
          fieldErrors={fieldErrorsOf(refused, 'payment')}
          onSubmit={(payment) => send({ type: 'payment.submitted', payment })}
        />
      ) : null}
      {step === 'address' ? (
        <AddressStep
          key={String(context.contact.foreigner)}
          address={context.address}
          registeredAddress={context.registeredAddress}
          foreigner={context.contact.foreigner === true}
          cep={view.cep}
          cepFailure={view.cepFailure}
          lookingUp={view.lookingUp}
          busy={busy}
          submitLabel={submitLabel}
          fieldErrors={fieldErrorsOf(refused, 'address')}
          onCep={(cep) => send({ type: 'cep.entered', cep })}
          onSubmit={(address) => send({ type: 'address.submitted', address })}
        />
      ) : null}
      {context.steps.indexOf(step) > 0 && !busy ? (
        <div>
          <Button variant="secondary" onClick={() => send({ type: 'step.backRequested' })}>
            <Trans>Voltar</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
