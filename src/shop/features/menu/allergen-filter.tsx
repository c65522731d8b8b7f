import { ALLERGEN_CODES, type AllergenCode } from '../../../shared/domain/allergens.js';
import { fr } from '../../i18n/fr.js';
import { useHydrated } from '../../../shared/ui/render-clock.js';

const t = fr.menu.allergenFilter;

/**
 * The menu's « sans gluten », « sans lait »… filter: folded under its title until opened (a native disclosure,
 * which opens before the page is hydrated too), one chip per allergen of EU Regulation 1169/2011. Nothing is
 * excluded when the page opens, so the prerendered page and its hydration show the same dishes.
 */
export function AllergenFilter({
  excluded,
  hiddenCount,
  onChange,
}: {
  excluded: ReadonlySet<AllergenCode>;
  /** How many dishes the filter hides now. */
  hiddenCount: number;
  onChange(next: ReadonlySet<AllergenCode>): void;
}) {
  const hydrated = useHydrated();
  const toggle = (code: AllergenCode, on: boolean) => {
    const next = new Set(excluded);
    if (on) next.add(code);
    else next.delete(code);
    onChange(next);
  };
  return (
    <details
      className="mb-8 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-cream-200"
      data-testid="allergen-filter"
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        {t.open}
        {excluded.size > 0 && <span className="ml-2 text-flame-700">({excluded.size})</span>}
      </summary>
      <fieldset className="mt-2" disabled={!hydrated}>
        <legend className="mb-2 text-sm font-semibold">{t.legend}</legend>
        <div className="flex flex-wrap gap-2">
          {ALLERGEN_CODES.map((code) => (
            <label key={code} className="cursor-pointer">
              <input
                type="checkbox"
                value={code}
                checked={excluded.has(code)}
                onChange={(e) => toggle(code, e.target.checked)}
                className="peer sr-only"
              />
              <span className="block rounded-full border border-charcoal-500/40 px-3 py-1.5 text-sm peer-checked:border-flame-600 peer-checked:bg-flame-600 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-flame-500">
                {t.without(code)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-xs text-charcoal-700">{t.note}</p>
      <div className="mt-2 flex min-h-9 items-center gap-3">
        <p role="status" className="text-sm font-semibold" data-testid="allergen-filter-status">
          {t.hidden(hiddenCount)}
        </p>
        {excluded.size > 0 && (
          <button
            type="button"
            onClick={() => onChange(new Set())}
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-flame-700 underline hover:text-flame-600"
          >
            {t.reset}
          </button>
        )}
      </div>
    </details>
  );
}
