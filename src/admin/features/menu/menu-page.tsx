import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEuro, MENU_CATEGORIES, parseEuroPrice, type MenuItem } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Card, ErrorPanel, PageHeader } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { fetchMenu, menuKeys, setMenuItemUnavailable, updateMenuItemPrice } from '../../lib/data.js';

type MenuChange = { price: number } | { unavailable: boolean };

function MenuRowEditor({ item }: { item: MenuItem }) {
  const t = useT();
  const qc = useQueryClient();
  const [price, setPrice] = useState(item.price.toFixed(2));
  const update = useMutation({
    mutationFn: (change: MenuChange) => ('price' in change ? updateMenuItemPrice(item.id, change.price) : setMenuItemUnavailable(item.id, change.unavailable)),
    onSuccess: () => {
      toast.success(t('menu.updated'), item.name);
      void qc.invalidateQueries({ queryKey: menuKeys.items });
    },
    onError: () => toast.error(t('common.error'), t('menu.updateFailed')),
  });
  const parsed = parseEuroPrice(price.trim());
  const priceChanged = parsed !== null && Math.round(parsed * 100) !== Math.round(item.price * 100);

  return (
    <li data-testid="menu-row" data-item-id={item.id} className={`flex flex-wrap items-center gap-3 rounded-xl border-2 p-3 ${item.unavailable ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}>
      <div className="min-w-40 flex-1">
        <p className="text-lg font-semibold">{item.name}</p>
        <p className={`font-bold ${item.unavailable ? 'text-red-800' : 'text-green-800'}`}>
          {item.unavailable ? t('menu.unavailable') : t('menu.available')} · {formatEuro(item.price)}
        </p>
      </div>
      <label className="flex items-center gap-2 font-semibold">
        <span className="sr-only">{t('menu.price')}</span>
        <input
          aria-label={`${t('menu.price')} ${item.name}`}
          className="min-h-12 w-28 rounded-lg border-2 border-slate-400 px-3 text-lg"
          type="number"
          step="0.01"
          min="0"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </label>
      <Button
        variant="secondary"
        disabled={!priceChanged || update.isPending}
        onClick={() => (parsed === null || parsed < 0 ? toast.error(t('menu.priceInvalid')) : update.mutate({ price: parsed }))}
      >
        {t('menu.savePrice')}
      </Button>
      <Button variant={item.unavailable ? 'success' : 'danger'} disabled={update.isPending} onClick={() => update.mutate({ unavailable: !item.unavailable })}>
        {item.unavailable ? t('menu.markAvailable') : t('menu.markUnavailable')}
      </Button>
    </li>
  );
}

export function MenuPage() {
  const t = useT();
  const menu = useQuery({ queryKey: menuKeys.items, queryFn: fetchMenu });
  if (menu.isPending) return <Spinner label={t('common.loading')} />;
  if (menu.isError) return <ErrorPanel message={t('menu.loadFailed')} />;
  const dishes = menu.data.items.filter((i) => i.type === undefined);
  if (dishes.length === 0) return <ErrorPanel message={t('menu.empty')} />;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t('menu.title')} />
      <div className="space-y-5">
        {MENU_CATEGORIES.map((c) => {
          const rows = dishes.filter((i) => i.categoryId === c.id);
          if (rows.length === 0) return null;
          return (
            <Card key={c.id}>
              <h2 className="mb-3 text-xl font-extrabold">{c.name}</h2>
              <ul className="space-y-2">
                {rows.map((item) => (
                  <MenuRowEditor key={`${item.id}-${item.price}-${item.unavailable}`} item={item} />
                ))}
              </ul>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
