import { useState, type ReactNode } from 'react';
import type { Order } from '../../../shared/domain/index.js';
import { DetailPanel } from '../ui/detail-panel.js';
import { SPLIT_VIEW, useMediaQuery } from '../../lib/use-media-query.js';
import { OrderDetail, type OrderDetailPlace } from './order-detail.js';
import { OrderList } from './order-list.js';

/**
 * A dated list of orders and, once one is picked, its detail: beside the list on a wide screen, over
 * it on a phone. `intro` stands above the list (a count).
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
        <DetailPanel overlay={!split} onClose={() => setSelectedId(null)}>
          <OrderDetail key={selected.id} order={selected} place={place} />
        </DetailPanel>
      )}
    </div>
  );
}
