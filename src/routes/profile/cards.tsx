import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { CardsPage } from '../../features/contributions/CardsPage';

export const Route = createFileRoute('/profile/cards')({
  loader: async () => {
    // The API client (axios, classic zod) loads with the page, never with the first one.
    const [, { cardsApi }] = await Promise.all([loadCatalogScope('contributions'), import('../../lib/api/cards')]);
    return cardsApi.listCards();
  },
  component: CardsRoute,
});

const route = getRouteApi('/profile/cards');

function CardsRoute() {
  return <CardsPage cards={route.useLoaderData()} />;
}
