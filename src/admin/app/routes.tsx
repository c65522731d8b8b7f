import type { RouteObject } from 'react-router-dom';

/** Screens inside the layout (sidebar + top bar). */
export const featureRoutes: RouteObject[] = [];

/** Screens without the layout: the print pages open in their own tab or popup. */
export const standaloneRoutes: RouteObject[] = [];
