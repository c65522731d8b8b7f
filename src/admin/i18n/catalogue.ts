import { fillVars, useLanguage, type Language, type Vars } from './index.js';

/**
 * A feature's own words (Portuguese first, French for the French-speaking staff), beside the shared
 * catalogue: `fr` is typed over `pt`'s keys, so a missing translation fails typecheck.
 * `useText()` is the hook for components, `now()` for code outside React (toasts raised from callbacks).
 */
export function featureCatalogue<K extends string>(catalogues: Record<Language, Record<K, string>>) {
  const text = (language: Language, key: K, vars?: Vars): string => fillVars(catalogues[language][key], vars);
  return {
    text,
    useText(): (key: K, vars?: Vars) => string {
      const language = useLanguage((s) => s.language);
      return (key, vars) => text(language, key, vars);
    },
    now: (key: K, vars?: Vars): string => text(useLanguage.getState().language, key, vars),
  };
}
