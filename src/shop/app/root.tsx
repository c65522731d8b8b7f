import { useEffect, useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Navigate,
  Outlet,
  Scripts,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import '../lib/public-client.js';
import { setRenderTime } from '../../shared/ui/render-clock.js';
import { adoptZoneOffsets } from '../../shared/domain/restaurant-time.js';
import { AppProviders, createShopQueryClient } from './providers.js';
import { pageTitle } from './page-titles.js';
import { RouteError } from './route-error.js';
import { buildDataFor, readBuildData, type BuildData } from './public-data.server.js';
import '../styles/index.css';

/**
 * At build time, for each prerendered page (and the shell of the others): the public reads it shows first, and
 * no other (a page that shows no dish does not carry the menu).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<BuildData> {
  return buildDataFor(await readBuildData(), new URL(request.url).pathname);
}

/** The build's reads are the page's first data; the live follow (providers.tsx) keeps them current after. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: MetaFunction = ({ location }) => [{ title: pageTitle(location.pathname) }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <Meta />
        <meta
          name="description"
          content="Poulet grillé au charbon de bois, francesinhas et burgers à Differdange. Commandez en ligne en livraison ou à emporter, réservez votre table."
        />
        <meta name="theme-color" content="#1c1512" />
        <meta name="color-scheme" content="light" />
        <meta property="og:title" content="Churrasqueira Differdange" />
        <meta
          property="og:description"
          content="Poulet grillé au charbon de bois à Differdange. Commande en ligne, livraison et à emporter."
        />
        <meta property="og:locale" content="fr_LU" />
        <meta property="og:image" content="/images/hero.webp" />
        <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* The runtime configuration the backend serves (never bundled), before the app's module scripts. */}
        <script defer src="/env.js" />
        <script defer src="/start.js" />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/** The query cache, made once in the browser with the build's reads; at build time one per page. */
function useShopQueryClient(data: BuildData) {
  const [queryClient] = useState(() => {
    setRenderTime(data.renderedAt);
    // The zone with its offsets: no Intl (and none of ICU's zone data) while the page hydrates.
    adoptZoneOffsets(data.zoneOffsets);
    const client = createShopQueryClient();
    // Fresh as of now: nothing is read again while the page hydrates; the live follow catches up after.
    const updatedAt = typeof window === 'undefined' ? 0 : Date.now();
    for (const [queryKey, value] of data.queries) client.setQueryData(queryKey, value, { updatedAt });
    return client;
  });
  return queryClient;
}

export default function App() {
  const queryClient = useShopQueryClient(useLoaderData<typeof loader>());
  // Marks the document once React has taken the page over (the tests and the bench wait for it).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <AppProviders queryClient={queryClient}>
      <Outlet />
    </AppProviders>
  );
}

/**
 * An address the shop does not know goes to the home page; a page that fails to load or to render (e.g. a new
 * version deployed while the tab was open) says so.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <Navigate to="/" replace /> : <RouteError />;
}

/** The shell of the routes that are not prerendered, until their page has loaded. */
export function HydrateFallback() {
  return null;
}
