/** Runtime configuration: served as /env.js by the embedded backend, or baked in at build time for hosting. */
export interface AppEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  GOOGLE_MAPS_API_KEY?: string;
  REVIEWS_WIDGET_SRC?: string;
  MAILBOX_URL?: string;
}

declare global {
  interface Window {
    __ENV__?: Partial<AppEnv>;
  }
}

export function appEnv(): AppEnv {
  const fromWindow = typeof window !== 'undefined' ? (window.__ENV__ ?? {}) : {};
  const fromBuild = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};
  const url =
    fromWindow.SUPABASE_URL ||
    fromBuild.VITE_SUPABASE_URL ||
    (typeof window !== 'undefined' ? window.location.origin : '');
  const key = fromWindow.SUPABASE_ANON_KEY || fromBuild.VITE_SUPABASE_ANON_KEY || '';
  return {
    ...fromWindow,
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: key,
    GOOGLE_MAPS_API_KEY: fromWindow.GOOGLE_MAPS_API_KEY || fromBuild.VITE_GOOGLE_MAPS_API_KEY || undefined,
    REVIEWS_WIDGET_SRC: fromWindow.REVIEWS_WIDGET_SRC || fromBuild.VITE_REVIEWS_WIDGET_SRC || undefined,
  };
}
