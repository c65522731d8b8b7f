import { useEffect, useState } from 'react';
import { normaliseStatus, ORDER_STATUSES, type Order, type OrderStatus } from '../../../shared/domain/index.js';
import { Button } from '../ui/button.js';
import { Select } from '../ui/select.js';
import { useT } from '../../i18n/index.js';
import { useStatusLabel } from './status-badge.js';

export function StatusEditor({
  order,
  saving,
  readOnly = false,
  onSave,
}: {
  order: Order;
  saving: boolean;
  /** Where orders are only read (the archive, a customer's orders): the status as text, nothing to choose. */
  readOnly?: boolean;
  onSave(status: OrderStatus): void;
}) {
  const t = useT();
  const label = useStatusLabel();
  const current = normaliseStatus(order.status);
  const [selected, setSelected] = useState<OrderStatus>(current ?? 'En attente');
  useEffect(() => setSelected(normaliseStatus(order.status) ?? 'En attente'), [order.status]);

  if (readOnly)
    return (
      <p className="font-semibold">
        {t('order.status')}:{' '}
        <span data-testid="status-text" className="text-lg font-bold">
          {current ? label(current) : order.status}
        </span>
      </p>
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex-1 font-semibold">
        {t('order.status')}
        <Select
          data-testid="status-select"
          value={selected}
          onChange={(e) => setSelected(e.target.value as OrderStatus)}
          className="mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 bg-white px-3 text-lg"
          choices={ORDER_STATUSES.map((s) => ({ value: s, label: label(s) }))}
        />
      </label>
      <Button onClick={() => onSave(selected)} disabled={saving || selected === current}>
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </div>
  );
}
