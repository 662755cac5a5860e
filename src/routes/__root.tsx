import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/navigation/route-guards';
import { RootLayout } from '../features/shell/RootLayout';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});
