import { useState } from 'react';
import { parseEuroPrice } from '../../../shared/domain/money.js';
import {
  OFFER_LIMITS,
  OFFER_METHODS,
  offerProblem,
  type Offer,
  type OfferMethod,
} from '../../../shared/domain/offers.js';
import type { MenuItemRow } from '../../../shared/data/rows.js';
import { Dialog } from '../../components/ui/dialog.js';
import { Field, input, PriceField, SelectField } from './field.js';
import { FormFooter } from './form-footer.js';
import { useMenuT } from './menu-i18n.js';
import { useOffersT } from './offers-i18n.js';
import { renderPhoto } from './photo.js';
import { PhotoPicker, type PickedPhoto } from './photo-picker.js';
import type { OfferChanges } from '../../../shared/data/offers.js';

export interface OfferDraftToSave {
  changes: Omit<OfferChanges, 'image_url'>;
  /** A new picture (cropped, 800 × 600) to upload, or null to keep the current one. */
  photo: Blob | null;
}

/** A dish's price as the list of dishes shows it: '9,50'. */
const euros = (price: number | string) => Number(price).toFixed(2).replace('.', ',');

export function OfferForm({
  offer,
  items,
  today,
  saving,
  onSave,
  onClose,
}: {
  offer: Offer | null;
  /** The dishes a price rule may name (not deleted). */
  items: MenuItemRow[];
  today: string;
  saving: boolean;
  onSave(draft: OfferDraftToSave): void;
  onClose(): void;
}) {
  const t = useOffersT();
  const mt = useMenuT();
  const [title, setTitle] = useState(offer?.title ?? '');
  const [body, setBody] = useState(offer?.body ?? '');
  const [startsOn, setStartsOn] = useState(offer?.startsOn ?? today);
  const [endsOn, setEndsOn] = useState(offer?.endsOn ?? today);
  const [hasRule, setHasRule] = useState(offer ? offer.rule !== null : true);
  const [itemId, setItemId] = useState(offer?.rule?.itemId ?? '');
  const [price, setPrice] = useState(offer?.rule ? offer.rule.price.toFixed(2).replace('.', ',') : '');
  const [method, setMethod] = useState<OfferMethod>(offer?.rule?.method ?? 'pickup');
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const rule = hasRule ? { itemId, price: parseEuroPrice(price.trim()), method } : null;
    const problem = offerProblem({ title, body, rule, startsOn, endsOn }, today);
    if (problem) return setError(t(`err${problem}`));
    let blob: Blob | null = null;
    if (photo) {
      try {
        blob = await renderPhoto(photo.image, photo.crop);
      } catch (e) {
        return setError(e instanceof RangeError ? t('errphotoSize') : mt('errPhotoRead'));
      }
    }
    onSave({
      changes: {
        title: title.trim(),
        body: body.trim(),
        item_id: rule ? rule.itemId : null,
        price: rule ? rule.price : null,
        delivery_method: rule ? rule.method : null,
        starts_on: startsOn,
        ends_on: endsOn,
      },
      photo: blob,
    });
  }

  const dishes = items.filter((i) => i.item_type !== 'section_title');
  return (
    <Dialog open onClose={onClose} title={offer ? t('editOffer') : t('newOffer')}>
      <form
        className="max-h-[70vh] space-y-4 overflow-y-auto pr-1"
        data-testid="offer-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('offerTitle')}>
          <input
            className={input}
            value={title}
            maxLength={OFFER_LIMITS.title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label={t('body')}>
          <textarea
            className={`${input} min-h-24 py-2`}
            value={body}
            maxLength={OFFER_LIMITS.body}
            onChange={(e) => setBody(e.target.value)}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('startsOn')}>
            <input type="date" className={input} value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          </Field>
          <Field label={t('endsOn')}>
            <input type="date" className={input} value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
          </Field>
        </div>
        <label className="flex min-h-12 items-center gap-3 font-semibold">
          <input type="checkbox" className="h-6 w-6" checked={hasRule} onChange={(e) => setHasRule(e.target.checked)} />
          {t('hasRule')}
        </label>
        {hasRule && (
          <div className="space-y-4 rounded-xl border-2 border-slate-200 p-3">
            <SelectField
              label={t('item')}
              value={itemId}
              onChange={setItemId}
              placeholder={t('chooseItem')}
              choices={dishes.map((i) => ({ value: i.id, label: `${i.name} — ${euros(i.price)} €` }))}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <PriceField label={t('price')} value={price} onChange={setPrice} />
              <SelectField
                label={t('method')}
                value={method}
                onChange={(v) => setMethod(v as OfferMethod)}
                choices={OFFER_METHODS.map((m) => ({ value: m, label: t(m) }))}
              />
            </div>
          </div>
        )}
        <fieldset>
          <legend className="mb-1 font-semibold">{t('photo')}</legend>
          <PhotoPicker
            picked={photo}
            currentUrl={offer?.imageUrl ?? null}
            labels={{
              choose: mt('choosePhoto'),
              none: mt('noPhoto'),
              zoom: mt('zoom'),
              horizontal: mt('horizontal'),
              vertical: mt('vertical'),
              hint: mt('photoHint'),
            }}
            onPick={(p) => {
              setError(null);
              setPhoto(p);
            }}
            onError={(problem) => setError(problem === 'type' ? t('errphotoType') : mt('errPhotoRead'))}
          />
        </fieldset>
        <FormFooter error={error} saving={saving} cancelLabel={t('cancel')} saveLabel={t('save')} onClose={onClose} />
      </form>
    </Dialog>
  );
}
