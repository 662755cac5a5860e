import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { slugSchema } from '../../../contracts';

/** /{slug}…: static routes (/signin, /help…) always win; anything that is not a slug is a 404. */
export const Route = createFileRoute('/$slug')({
  beforeLoad: ({ params }) => {
    if (!slugSchema.safeParse(params.slug).success) throw notFound();
  },
  component: Outlet,
});
