import { useRouterState } from '@tanstack/react-router';
import { afterSignInPath } from '../../app/navigation/return-url';

/**
 * Where to go once signed in: the `return_url` of the current location when it is a path of this
 * site, else home (docs/spec.md §2). Read from the raw query string, so it works whatever search schema
 * the route declares, and sanitised again here because the URL is typed by people.
 */
export function useReturnUrl(): string {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return afterSignInPath(new URLSearchParams(searchStr).get('return_url'));
}
