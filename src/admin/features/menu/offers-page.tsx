import { useState } from 'react';
import { formatDateFr } from '../../../shared/domain/french-dates.js';
import { formatEuro } from '../../../shared/domain/money.js';
import { offerStatus, type Offer } from '../../../shared/domain/offers.js';
import { removePhoto, useEditorMenuQuery } from '../../../shared/data/menu-editor.js';
import {
  deleteOffer,
  insertOffer,
  OfferSaveError,
  updateOffer,
  uploadOfferPhoto,
  useAllOffersQuery,
  useRestaurantToday,
  useOfferMutation,
} from '../../../shared/data/offers.js';
import { Button } from '../../components/ui/button.js';
import { Card, PageHeader } from '../../components/ui/card.js';
import { ConfirmRemoval } from '../../components/ui/confirm-dialog.js';
import { QueryState } from '../../components/ui/query-state.js';
import { toast } from '../../components/ui/toast-store.js';
import { Thumbnail } from './field.js';
import { OfferForm, type OfferDraftToSave } from './offer-form.js';
import { useOffersT, type OffersTranslate } from './offers-i18n.js';

function explain(t: OffersTranslate, e: unknown): string {
  return t(e instanceof OfferSaveError ? `err${e.reason}` : 'errfailed');
}

const STATUS_STYLE = {
  live: 'bg-green-100 text-green-900 border-green-700',
  upcoming: 'bg-amber-100 text-amber-900 border-amber-700',
  ended: 'bg-slate-100 text-slate-700 border-slate-400',
} as const;

function OfferRowView({
  offer,
  itemName,
  today,
  onEdit,
}: {
  offer: Offer;
  itemName: string;
  today: string;
  onEdit(): void;
}) {
  const t = useOffersT();
  const [confirming, setConfirming] = useState(false);
  const status = offerStatus(offer, today);
  const remove = useOfferMutation(() => deleteOffer(offer), {
    mutationConfig: {
      onSuccess: () => toast.success(t('deleted')),
      onError: (e) => toast.error(t('errfailed'), explain(t, e)),
    },
  });
  const removal = {
    title: t('confirmDelete', { title: offer.title }),
    body: t('confirmDeleteBody'),
    confirmLabel: t('remove'),
  };
  return (
    <li data-testid="offer-row" className="rounded-xl border-2 border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-start gap-3">
        {offer.imageUrl && (
          <Thumbnail
            src={offer.imageUrl}
            className="h-16 w-20 shrink-0 rounded-lg border border-slate-300 object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold break-words">
            {offer.title}
            <span className={`ml-2 rounded border px-2 py-0.5 text-sm font-bold ${STATUS_STYLE[status]}`}>
              {t(status)}
            </span>
          </p>
          <p className="text-slate-700">
            {t('from', { from: formatDateFr(offer.startsOn), to: formatDateFr(offer.endsOn) })}
          </p>
          <p className="font-semibold">
            {offer.rule
              ? t('ruleLine', { item: itemName, price: formatEuro(offer.rule.price), method: t(offer.rule.method) })
              : t('noRule')}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="secondary" onClick={onEdit}>
            {t('edit')}
          </Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => setConfirming(true)}>
            {t('remove')}
          </Button>
        </div>
      </div>
      <ConfirmRemoval
        open={confirming}
        setOpen={setConfirming}
        onConfirm={() => remove.mutate(undefined)}
        {...removal}
      />
    </li>
  );
}

/** Saves an offer: uploads its new picture first, removes the replaced one after, never leaves a stray upload. */
function useSaveOffer(onDone: () => void) {
  const t = useOffersT();
  return useOfferMutation(
    async ({ offer, draft }: { offer: Offer | null; draft: OfferDraftToSave }) => {
      const image_url = draft.photo ? await uploadOfferPhoto(draft.photo) : (offer?.imageUrl ?? null);
      try {
        if (offer) await updateOffer(offer.id, { ...draft.changes, image_url });
        else await insertOffer({ ...draft.changes, image_url });
      } catch (e) {
        if (draft.photo) await removePhoto(image_url);
        throw e;
      }
      if (offer && draft.photo) await removePhoto(offer.imageUrl);
      return offer ? t('saved') : t('created');
    },
    {
      mutationConfig: {
        onSuccess: (message) => {
          toast.success(message);
          onDone();
        },
        onError: (e) => toast.error(t('errfailed'), explain(t, e)),
      },
    },
  );
}

export function OffersPage() {
  const t = useOffersT();
  const today = useRestaurantToday();
  const offers = useAllOffersQuery();
  const menu = useEditorMenuQuery();
  const [editing, setEditing] = useState<{ offer: Offer | null } | null>(null);
  const save = useSaveOffer(() => setEditing(null));
  const names = new Map((menu.data?.items ?? []).map((i) => [i.id, i.name]));

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('title')}>
        <Button onClick={() => setEditing({ offer: null })}>{t('add')}</Button>
      </PageHeader>
      <p className="mb-4 text-slate-700">{t('lead')}</p>
      <Card>
        <QueryState query={offers} error={t('loadFailed')} empty={t('empty')}>
          {(list) => (
            <ul className="space-y-2">
              {list.map((offer) => (
                <OfferRowView
                  key={`${offer.id}-${offer.startsOn}-${offer.endsOn}`}
                  offer={offer}
                  itemName={offer.rule ? (names.get(offer.rule.itemId) ?? offer.rule.itemId) : ''}
                  today={today}
                  onEdit={() => setEditing({ offer })}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
      {editing && (
        <OfferForm
          offer={editing.offer}
          items={menu.data?.items ?? []}
          today={today}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(draft) => save.mutate({ offer: editing.offer, draft })}
        />
      )}
    </div>
  );
}
