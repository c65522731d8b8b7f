import { useState } from 'react';
import { formatAmount, formatEuro, isDishPrice, parseEuroPrice } from '../../../shared/domain/index.js';
import type { MenuCategoryRow, MenuItemRow } from '../../../shared/data/rows.js';
import { Button } from '../../components/ui/button.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { ConfirmRemoval } from '../../components/ui/confirm-dialog.js';
import { MoneyInput } from '../../components/ui/money-input.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { DishForm, type DishDraft } from './dish-form.js';
import { Thumbnail } from './field.js';
import {
  deleteItem,
  insertItem,
  MenuSaveError,
  newItemId,
  removePhoto,
  renameCategory,
  moveMenuEntry,
  updateItem,
  uploadPhoto,
  type EditorMenu,
  useEditorMenuQuery,
  useMenuEditorMutation,
} from '../../lib/data.js';
import { useMenuT, type MenuTranslate } from './menu-i18n.js';

function explain(t: MenuTranslate, e: unknown): string {
  if (e instanceof MenuSaveError) {
    if (e.reason === 'permission') return t('errPermission');
    if (e.reason === 'invalid') return t('errInvalid');
    if (e.reason === 'photoSize') return t('errPhotoSize');
    if (e.reason === 'photoType') return t('errPhotoType');
  }
  return t('errFailed');
}

function useMenuAction<T>(fn: (arg: T) => Promise<string>) {
  const mt = useMenuT();
  return useMenuEditorMutation(fn, {
    mutationConfig: {
      onSuccess: (message) => toast.success(message),
      onError: (e) => toast.error(mt('errFailed'), explain(mt, e)),
    },
  });
}

const MOVES = [
  { kind: 'up', label: 'moveUp', arrow: '↑' },
  { kind: 'down', label: 'moveDown', arrow: '↓' },
] as const;

/** ↑ and ↓ of a dish or a category: each swaps it with its neighbour, when there is one. */
function MoveButtons({
  name,
  above,
  below,
  busy,
  onMove,
  narrow = false,
}: {
  name: string;
  above: unknown;
  below: unknown;
  busy: boolean;
  onMove(kind: 'up' | 'down'): void;
  narrow?: boolean;
}) {
  const mt = useMenuT();
  return MOVES.map(({ kind, label, arrow }) => (
    <Button
      key={kind}
      variant="ghost"
      className={narrow ? 'w-11 px-0!' : undefined}
      aria-label={`${mt(label)} ${name}`}
      disabled={!(kind === 'up' ? above : below) || busy}
      onClick={() => onMove(kind)}
    >
      {arrow}
    </Button>
  ));
}

function DishRow({
  item,
  above,
  below,
  onEdit,
}: {
  item: MenuItemRow;
  above?: MenuItemRow;
  below?: MenuItemRow;
  onEdit(): void;
}) {
  const t = useT();
  const mt = useMenuT();
  const [price, setPrice] = useState(formatAmount(Number(item.price)));
  const [confirming, setConfirming] = useState(false);
  const action = useMenuAction(async (kind: 'price' | 'availability' | 'hide' | 'up' | 'down' | 'delete') => {
    if (kind === 'price') {
      const p = parseEuroPrice(price.trim());
      if (!isDishPrice(p, item.item_type !== 'dish')) throw new MenuSaveError('invalid', 'price');
      await updateItem(item.id, { price: p });
      setPrice(formatAmount(p));
      return t('menu.updated');
    }
    if (kind === 'availability') {
      await updateItem(item.id, { unavailable: !item.unavailable });
      return t('menu.updated');
    }
    if (kind === 'hide') {
      // Showing a hidden dish again makes it orderable again too (hiding made it unavailable).
      await updateItem(item.id, item.hidden ? { hidden: false, unavailable: false } : { hidden: true });
      return item.hidden ? mt('shownDone') : mt('hiddenDone');
    }
    if (kind === 'delete') {
      await deleteItem(item.id);
      await removePhoto(item.image_src);
      return mt('deleted');
    }
    await moveMenuEntry('item', item.id, kind);
    return mt('moved');
  });
  const parsed = parseEuroPrice(price.trim());
  const priceChanged = parsed !== null && Math.round(parsed * 100) !== Math.round(Number(item.price) * 100);
  const busy = action.isPending;
  const removal = {
    title: mt('confirmDelete', { name: item.name }),
    body: mt('confirmDeleteBody'),
    confirmLabel: mt('remove'),
  };

  return (
    <li
      data-testid="menu-row"
      data-item-id={item.id}
      className={`rounded-xl border-2 p-3 ${item.hidden ? 'border-slate-300 bg-slate-100' : item.unavailable ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Thumbnail
          src={item.image_src ?? `/images/menu/${item.id}.webp`}
          lazy
          className="h-12 w-16 shrink-0 rounded-lg sm:h-16 sm:w-20 border border-slate-300 bg-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold">
            {item.name}
            {item.item_type === 'coming_soon' && (
              <span className="ml-2 rounded bg-amber-200 px-2 py-0.5 text-sm font-bold text-amber-900">
                {mt('comingSoon')}
              </span>
            )}
          </p>
          <p className={`font-bold ${item.unavailable ? 'text-red-800' : 'text-green-800'}`}>
            {item.unavailable ? t('menu.unavailable') : t('menu.available')} · {formatEuro(Number(item.price))}
            {item.hidden && <span className="ml-2 text-slate-700">· {mt('hidden')}</span>}
          </p>
          {item.allergens == null && (
            <p className="text-sm font-semibold text-amber-900" data-testid="allergens-to-declare">
              {t('allergens.toDeclare')}
            </p>
          )}
        </div>
        <div className="flex shrink-0 gap-1">
          <MoveButtons name={item.name} above={above} below={below} busy={busy} onMove={action.mutate} narrow />
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <MoneyInput
          aria-label={`${t('menu.price')} ${item.name}`}
          className="min-h-12 w-28 rounded-lg border-2 border-slate-400 px-3 text-lg"
          value={price}
          onValue={setPrice}
        />
        <Button variant="secondary" disabled={!priceChanged || busy} onClick={() => action.mutate('price')}>
          {t('menu.savePrice')}
        </Button>
        <Button
          variant={item.unavailable ? 'success' : 'danger'}
          disabled={busy || item.hidden}
          onClick={() => action.mutate('availability')}
        >
          {item.unavailable ? t('menu.markAvailable') : t('menu.markUnavailable')}
        </Button>
        <Button variant="secondary" onClick={onEdit} disabled={busy}>
          {mt('edit')}
        </Button>
        <Button variant="secondary" onClick={() => action.mutate('hide')} disabled={busy}>
          {item.hidden ? mt('show') : mt('hide')}
        </Button>
        <Button variant="ghost" className="text-red-800" onClick={() => setConfirming(true)} disabled={busy}>
          {mt('remove')}
        </Button>
      </div>
      <ConfirmRemoval
        open={confirming}
        setOpen={setConfirming}
        onConfirm={() => action.mutate('delete')}
        {...removal}
      />
    </li>
  );
}

function CategoryHeader({
  category,
  above,
  below,
}: {
  category: MenuCategoryRow;
  above?: MenuCategoryRow;
  below?: MenuCategoryRow;
}) {
  const mt = useMenuT();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string | null>(null);
  const action = useMenuAction(async (kind: 'rename' | 'up' | 'down') => {
    if (kind === 'rename') {
      await renameCategory(category.id, name.trim());
      setEditing(false);
      return mt('categoryRenamed');
    }
    await moveMenuEntry('category', category.id, kind);
    return mt('moved');
  });
  if (editing) {
    return (
      <form
        className="mb-3 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const n = name.trim();
          if (n === '' || n.length > 60) return setError(mt('errCategoryName'));
          setError(null);
          action.mutate('rename');
        }}
      >
        <label className="block font-semibold">
          {mt('categoryName')}
          <input
            className="mt-1 min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <p className="text-sm text-slate-600">{mt('categoryHint', { slug: category.slug })}</p>
        {error && (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={action.isPending}>
            {mt('save')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            {mt('cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <h2 className="flex-1 text-xl font-extrabold">{category.name}</h2>
      <MoveButtons name={category.name} above={above} below={below} busy={action.isPending} onMove={action.mutate} />
      <Button variant="secondary" onClick={() => setEditing(true)}>
        {mt('rename')}
      </Button>
    </div>
  );
}

function useSaveDish(menu: EditorMenu | undefined, onDone: () => void) {
  const mt = useMenuT();
  return useMenuAction(async ({ item, draft }: { item: MenuItemRow | null; draft: DishDraft }) => {
    const id = item?.id ?? newItemId(String(draft.changes.name));
    const changes = { ...draft.changes };
    if (draft.photo) changes.image_src = await uploadPhoto(id, draft.photo);
    else if (draft.removePhoto) changes.image_src = null;
    const category = changes.category_id ?? item?.category_id;
    if (!item || item.category_id !== category) {
      // New in its category: placed last.
      const orders = (menu?.items ?? []).filter((i) => i.category_id === category).map((i) => i.sort_order);
      changes.sort_order = (orders.length ? Math.max(...orders) : 0) + 1;
    }
    try {
      if (item) await updateItem(item.id, changes);
      else await insertItem({ ...changes, id });
    } catch (e) {
      if (draft.photo) await removePhoto(changes.image_src ?? null);
      throw e;
    }
    if (item && (draft.photo || draft.removePhoto)) await removePhoto(item.image_src);
    onDone();
    return item ? mt('saved') : mt('created');
  });
}

export function MenuPage() {
  const t = useT();
  const mt = useMenuT();
  const menu = useEditorMenuQuery();
  const [editing, setEditing] = useState<{ item: MenuItemRow | null; categoryId: string } | null>(null);
  const save = useSaveDish(menu.data, () => setEditing(null));
  if (menu.isPending) return <Spinner label={t('common.loading')} />;
  if (menu.isError) return <ErrorPanel message={t('menu.loadFailed')} />;
  const { categories, items, hasVat } = menu.data;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={mt('title')} />
      <div className="space-y-5">
        {categories.map((c, ci) => {
          const rows = items.filter((i) => i.category_id === c.id && i.item_type !== 'section_title');
          return (
            <Card key={c.id}>
              <section data-testid="menu-category" data-category-id={c.id} aria-label={c.name}>
                <CategoryHeader
                  key={`${c.id}-${c.name}`}
                  category={c}
                  above={categories[ci - 1]}
                  below={categories[ci + 1]}
                />
                {c.id === 'accompagnements' && <p className="mb-3 text-slate-700">{mt('optionsHint')}</p>}
                {rows.length === 0 && <p className="mb-3 text-slate-600">{t('menu.empty')}</p>}
                <ul className="space-y-2">
                  {rows.map((item, i) => (
                    <DishRow
                      key={`${item.id}-${item.price}-${item.unavailable}-${item.hidden}-${item.sort_order}`}
                      item={item}
                      above={rows[i - 1]}
                      below={rows[i + 1]}
                      onEdit={() => setEditing({ item, categoryId: c.id })}
                    />
                  ))}
                </ul>
                <Button
                  variant="secondary"
                  className="mt-3"
                  onClick={() => setEditing({ item: null, categoryId: c.id })}
                >
                  {mt('addDish')}
                </Button>
              </section>
            </Card>
          );
        })}
      </div>
      {editing && (
        <DishForm
          item={editing.item}
          categoryId={editing.categoryId}
          categories={categories}
          hasVat={hasVat}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(draft) => save.mutate({ item: editing.item, draft })}
        />
      )}
    </div>
  );
}
