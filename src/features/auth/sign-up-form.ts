import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import type { Resolver } from 'react-hook-form';
import { signUpSchema, type SignUp, type SignUpInput } from '../../../contracts';

/** Sign-up form values: the contract's input plus the terms box, which the API never sees. */
export type SignUpFormValues = SignUpInput & { accept_terms: boolean };

export const termsRequired = msg({ id: 'signup.terms_required', message: 'Aceite os termos de uso para continuar' });

const contractResolver = zodResolver(signUpSchema);

/**
 * The shared signUpSchema decides every API field; only the terms box is checked here. Both sets of
 * errors are reported together so one submit shows everything that needs fixing.
 */
export const signUpResolver: Resolver<SignUpFormValues, unknown, SignUp> = async (values, context, options) => {
  const result = await contractResolver(values, context, options as never);
  if (values.accept_terms) return result as Awaited<ReturnType<Resolver<SignUpFormValues, unknown, SignUp>>>;
  return {
    values: {},
    errors: { ...result.errors, accept_terms: { type: 'required', message: termsRequired.id } },
  };
};

export const signUpDefaults: SignUpFormValues = {
  person_type: 'INDIVIDUAL',
  name: '',
  email: '',
  password: '',
  phone: '',
  cpf: '',
  cnpj: '',
  birth_date: null,
  accept_terms: false,
};

/** The POST /users body: only the document the person type asks for, and no nulls the API refuses. */
export function toSignUpPayload(values: SignUp): SignUpInput {
  const { cpf, cnpj, birth_date, ...rest } = values;
  return {
    ...rest,
    ...(values.person_type === 'COMPANY' ? { cnpj: cnpj ?? '' } : { cpf: cpf ?? '' }),
    ...(values.person_type === 'INDIVIDUAL' && birth_date ? { birth_date } : {}),
  };
}
