import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
// toBeInTheDocument, toHaveAccessibleName, toBeDisabled…: assertions that say what a user would see.
import '@testing-library/jest-dom/vitest';
import { toast } from 'react-toastify';
import { i18n } from '@lingui/core';

// The web project shares one jsdom per worker (isolate: false, the inner loop's speed): this file runs
// before each test file, so each starts with our modules evaluated afresh (their caches empty, its own
// vi.mock applied) and nothing left by the file before in the page, its address, its storage or the toast queue.
vi.resetModules();
toast.dismiss();
// Lingui's i18n is one object shared by the files: each starts in Portuguese, as a first visit does.
i18n.load('pt', {});
i18n.activate('pt');
document.documentElement.lang = 'pt-BR';
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.body.innerHTML = '';
document.title = '';
// The address bar too: a file whose router used the browser's history would leave its page there.
window.history.replaceState(null, '', '/');

// React Testing Library cleans up by itself only with `globals: true` (docs/design.md §9).
afterEach(cleanup);

// jsdom has no layout: the router's scroll restoration would only print "Not implemented".
window.scrollTo = () => {};
