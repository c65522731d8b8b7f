import { useState } from 'react';
import {
  ALLERGEN_CODES,
  formatAmount,
  isDishPrice,
  orderedAllergens,
  parseEuroPrice,
} from '../../../shared/domain/index.js';
import type { MenuCategoryRow, MenuItemRow } from '../../../shared/data/rows.js';
import { Button } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import { useT } from '../../i18n/index.js';
import { Field, input, PriceField, SelectField } from './field.js';
import { FormFooter } from './form-footer.js';
import { useMenuT, type MenuTranslate } from './menu-i18n.js';
import { renderPhoto } from './photo.js';
import { PhotoPicker, type PickedPhoto } from './photo-picker.js';
import type { ItemChanges } from '../../lib/data.js';

const KIDS = [
  { id: 'nuggets', key: 'kidsNuggets' },
  { id: 'wings', key: 'kidsWings' },
  { id: 'quarter_chicken', key: 'kidsQuarter' },
] as const;
const VAT_RATES = [3, 8, 14, 17] as const;

export interface DishDraft {
  changes: ItemChanges;
  /** A new photo to upload (already cropped and resized), or null to keep the current one. */
  photo: Blob | null;
  removePhoto: boolean;
}

interface Props {
  item: MenuItemRow | null;
  categoryId: string;
  categories: MenuCategoryRow[];
  hasVat: boolean;
  saving: boolean;
  onSave(draft: DishDraft): void;
  onClose(): void;
}

/** A copy of a set of ticked boxes with one box ticked or not. */
function toggled(set: ReadonlySet<string>, value: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

function validate(
  t: MenuTranslate,
  name: string,
  description: string,
  price: string,
  offer: string,
  comingSoon: boolean,
): string | null {
  if (name.trim() === '' || name.trim().length > 120) return t('errName');
  if (description.length > 1000) return t('errDescription');
  if (!isDishPrice(parseEuroPrice(price.trim()), comingSoon)) return t('errPrice');
  if (offer.length > 200) return t('errOffer');
  return null;
}

export function DishForm({ item, categoryId, categories, hasVat, saving, onSave, onClose }: Props) {
  const t = useMenuT();
  const at = useT();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState(item ? formatAmount(Number(item.price)) : '');
  const [category, setCategory] = useState(item?.category_id ?? categoryId);
  const [vat, setVat] = useState(item?.vat_rate ?? 3);
  const [comingSoon, setComingSoon] = useState(item?.item_type === 'coming_soon');
  const [offerText, setOfferText] = useState(item?.special_offer?.text ?? '');
  const [offerCondition, setOfferCondition] = useState(item?.special_offer?.condition ?? '');
  const [kids, setKids] = useState<Set<string>>(new Set((item?.kids_menu_options ?? []).map((k) => k.id)));
  // Not declared (null) until the owner says so; declared with nothing ticked is « no allergens ».
  const [allergensDeclared, setAllergensDeclared] = useState(item?.allergens != null);
  const [allergens, setAllergens] = useState<Set<string>>(new Set(item?.allergens ?? []));
  const [picked, setPicked] = useState<PickedPhoto | null>(null);
  const [dropPhoto, setDropPhoto] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    const problem = validate(t, name, description, price, offerText, comingSoon);
    if (problem) {
      setError(problem);
      return;
    }
    let photo: Blob | null = null;
    if (picked) {
      try {
        photo = await renderPhoto(picked.image, picked.crop);
      } catch (e) {
        setError(e instanceof RangeError ? t('errPhotoSize') : t('errPhotoRead'));
        return;
      }
    }
    const previous = new Map((item?.kids_menu_options ?? []).map((k) => [k.id, k.name]));
    const changes: ItemChanges = {
      name: name.trim(),
      description: description.trim(),
      price: parseEuroPrice(price.trim())!,
      category_id: category,
      item_type: comingSoon ? 'coming_soon' : 'dish',
      special_offer: offerText.trim() ? { text: offerText.trim(), condition: offerCondition.trim() } : null,
      kids_menu_options: kids.size
        ? KIDS.filter((k) => kids.has(k.id)).map((k) => ({ id: k.id, name: previous.get(k.id) ?? t(k.key) }))
        : null,
      image_alt: name.trim(),
      allergens: allergensDeclared ? orderedAllergens(allergens) : null,
      ...(hasVat ? { vat_rate: vat } : {}),
    };
    onSave({ changes, photo, removePhoto: dropPhoto });
  }

  const currentPhoto =
    !picked && !dropPhoto ? (item?.image_src ?? (item ? `/images/menu/${item.id}.webp` : null)) : null;

  return (
    <Dialog open onClose={onClose} title={item ? t('editDish') : t('newDish')}>
      <form
        className="max-h-[70vh] space-y-4 overflow-y-auto pr-1"
        data-testid="dish-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Field label={t('name')}>
          <input className={input} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('description')}>
          <textarea
            className={`${input} min-h-24 py-2`}
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <PriceField label={t('price')} value={price} onChange={setPrice} />
          <SelectField
            label={t('category')}
            value={category}
            onChange={setCategory}
            choices={categories.map((c) => ({ value: c.id, label: c.name }))}
          />
        </div>
        {hasVat && (
          <SelectField
            label={t('vatRate')}
            hint={t('vatHint')}
            value={vat}
            onChange={(v) => setVat(Number(v))}
            choices={VAT_RATES.map((r) => ({ value: r, label: t(`vat${r}`) }))}
          />
        )}
        <label className="flex min-h-12 items-center gap-3 font-semibold">
          <input
            type="checkbox"
            className="h-6 w-6"
            checked={comingSoon}
            onChange={(e) => setComingSoon(e.target.checked)}
          />
          {t('comingSoonLabel')}
        </label>
        <Field label={t('offerText')}>
          <input className={input} value={offerText} maxLength={200} onChange={(e) => setOfferText(e.target.value)} />
        </Field>
        {offerText.trim() !== '' && (
          <Field label={t('offerCondition')}>
            <input
              className={input}
              value={offerCondition}
              maxLength={200}
              onChange={(e) => setOfferCondition(e.target.value)}
            />
          </Field>
        )}
        <fieldset>
          <legend className="mb-1 font-semibold">{t('kidsChoices')}</legend>
          <div className="flex flex-wrap gap-4">
            {KIDS.map((k) => (
              <label key={k.id} className="flex min-h-12 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-6 w-6"
                  checked={kids.has(k.id)}
                  onChange={(e) => setKids(toggled(kids, k.id, e.target.checked))}
                />
                {t(k.key)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset data-testid="dish-allergens">
          <legend className="mb-1 font-semibold">{at('allergens.legend')}</legend>
          {[false, true].map((declared) => (
            <label key={String(declared)} className="flex min-h-12 items-center gap-3 py-1">
              <input
                type="radio"
                name="allergens-declared"
                className="h-6 w-6 shrink-0"
                checked={allergensDeclared === declared}
                onChange={() => setAllergensDeclared(declared)}
              />
              {at(declared ? 'allergens.declared' : 'allergens.undeclared')}
            </label>
          ))}
          {allergensDeclared && (
            <div className="grid grid-cols-2 gap-x-4 pl-2">
              {ALLERGEN_CODES.map((code) => (
                <label key={code} className="flex min-h-12 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-6 w-6 shrink-0"
                    checked={allergens.has(code)}
                    onChange={(e) => setAllergens(toggled(allergens, code, e.target.checked))}
                  />
                  {at(`allergen.${code}`)}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold">{t('photo')}</legend>
          <PhotoPicker
            picked={picked}
            currentUrl={currentPhoto}
            labels={{
              choose: t('choosePhoto'),
              none: t('noPhoto'),
              zoom: t('zoom'),
              horizontal: t('horizontal'),
              vertical: t('vertical'),
              hint: t('photoHint'),
            }}
            onPick={(p) => {
              setError(null);
              setPicked(p);
              setDropPhoto(false);
            }}
            onError={(problem) => setError(problem === 'type' ? t('errPhotoType') : t('errPhotoRead'))}
          />
          {item?.image_src && !picked && !dropPhoto && (
            <Button variant="ghost" onClick={() => setDropPhoto(true)}>
              {t('removePhoto')}
            </Button>
          )}
        </fieldset>
        <FormFooter error={error} saving={saving} cancelLabel={t('cancel')} saveLabel={t('save')} onClose={onClose} />
      </form>
    </Dialog>
  );
}
