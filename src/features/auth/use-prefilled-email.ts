import { useRouterState } from '@tanstack/react-router';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The e-mail the sign-in and sign-up forms start with: `?email=` when a page that knows whose account
 * it expects sent the visitor here (an invitation to the team, through the visitor prompt); '' otherwise.
 * Only a starting value: the person can type over it.
 */
export function usePrefilledEmail(): string {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const email = new URLSearchParams(searchStr).get('email')?.trim() ?? '';
  return email.length <= 254 && LOOKS_LIKE_EMAIL.test(email) ? email : '';
}
