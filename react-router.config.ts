import type { Config } from '@react-router/dev/config';
import { MENU_CATEGORIES } from './src/shared/domain/menu-categories.js';
import { finishShopBuild } from './scripts/shop-build.js';

/** The shop's public pages, rendered to HTML at build time with the data they show (app/root.tsx's loader). */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/menu',
  ...MENU_CATEGORIES.map((c) => `/menu/${c.slug}`),
  '/contact',
  '/suivi-commande',
  '/a-propos',
  '/localisation',
  '/avis',
  '/inscription-defi-burj-khalifa',
  '/mentions-legales',
  '/politique-confidentialite',
  '/conditions-generales',
];

const config: Config = {
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
  appDirectory: 'src/shop/app',
  buildDirectory: 'dist/shop-build',
  future: { v8_viteEnvironmentApi: true },
  // Written by React Router under dist/shop-build, moved to dist/shop once the pages are (scripts/shop-build.ts).
  buildEnd: ({ reactRouterConfig }) => finishShopBuild(reactRouterConfig.buildDirectory),
};

export default config;
