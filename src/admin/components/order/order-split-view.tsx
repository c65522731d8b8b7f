import { useState, type ReactNode } from 'react';
import { orderNumber, type Order } from '../../../shared/domain/index.js';
import { useT } from '../../i18n/index.js';
import { DetailPanel } from '../ui/detail-panel.js';
import { SPLIT_VIEW, useMediaQuery } from '../../lib/use-media-query.js';
import { OrderDetail, type OrderDetailPlace } from './order-detail.js';
import { OrderList } from './order-list.js';

/**
 * A dated list of orders and, once one is picked, its detail: beside the list on a wide screen, in a modal
 * <dialog> over it on a phone (Escape closes it, the focus goes back to its row). `intro` stands above the list.
 */
export function OrderSplitView({
  orders,
  place,
  intro,
}: {
  orders: Order[];
  place: OrderDetailPlace;
  intro?: ReactNode;
}) {
  const t = useT();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const split = useMediaQuery(SPLIT_VIEW);
  const selected = orders.find((o) => o.id === selectedId) ?? null;
  const list = <OrderList orders={orders} selectedId={selectedId} showDate onSelect={(o) => setSelectedId(o.id)} />;
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {intro ? (
        <section>
          {intro}
          {list}
        </section>
      ) : (
        list
      )}
      {selected && (
        <DetailPanel
          overlay={!split}
          label={t('order.number', { id: orderNumber(selected.id) })}
          onClose={() => setSelectedId(null)}
        >
          <OrderDetail key={selected.id} order={selected} place={place} />
        </DetailPanel>
      )}
    </div>
  );
}
