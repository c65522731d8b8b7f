import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { pt, type MessageKey } from './pt.js';
import { fr } from './fr.js';
import type { OrderStatus } from '../../shared/domain/order-status.js';

export type Language = 'pt' | 'fr';
const catalogues = { pt, fr } as const;

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

export const useLanguage = create<LanguageState>()(
  persist((set) => ({ language: 'pt', setLanguage: (language) => set({ language }) }), { name: 'admin-language' }),
);

export type Vars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: Vars) => string;

/** `{name}` in a text replaced by `vars.name`; a placeholder without a value stays as written. */
export function fillVars(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  return fillVars(catalogues[language][key] ?? pt[key], vars);
}

/** The translate function for the chosen language; re-renders when the language changes. */
export function useT(): Translate {
  const language = useLanguage((s) => s.language);
  return (key, vars) => translate(language, key, vars);
}

/** For code outside React (toasts raised from callbacks). */
export function t(key: MessageKey, vars?: Vars): string {
  return translate(useLanguage.getState().language, key, vars);
}

export type { MessageKey };

/** The catalogue key of a status's label; typed over the domain's list, so a new status needs its words. */
export function statusLabelKey(status: OrderStatus): MessageKey {
  return `status.${status}`;
}
