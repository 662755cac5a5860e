import { lazy } from 'react';
import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/navigation/route-guards';
import { RootLayout } from '../features/shell/RootLayout';

// The live balance (wallet feature, with its texts and the realtime client) is a lazy chunk: only
// signed-in users load it.
const HeaderBalance = lazy(() => import('../features/wallet/HeaderBalance').then((m) => m.loadHeaderBalance()));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return <RootLayout signedInTool={HeaderBalance} />;
}
