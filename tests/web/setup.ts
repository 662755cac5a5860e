import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// toBeInTheDocument, toHaveAccessibleName, toBeDisabled…: assertions that say what a user would see.
import '@testing-library/jest-dom/vitest';

// React Testing Library cleans up by itself only with `globals: true` (docs/design.md §9).
afterEach(cleanup);

// jsdom has no layout: the router's scroll restoration would only print "Not implemented".
window.scrollTo = () => {};
