import { useLanguage, useT, type Language } from '../../i18n/index.js';

const languages: Language[] = ['pt', 'fr'];

export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('topbar.language')}
      className="inline-flex shrink-0 overflow-hidden rounded-lg border-2 border-slate-400"
    >
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={language === l}
          onClick={() => setLanguage(l)}
          className={`min-h-10 min-w-11 px-2 text-sm font-bold uppercase ${language === l ? 'bg-brand-600 text-white' : dark ? 'bg-slate-800 text-slate-200' : 'bg-white text-ink'}`}
        >
          {l}
        </button>
      ))}
    </div>
  );
}
