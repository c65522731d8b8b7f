import { useState } from 'react';
import { orderNumber, type Order } from '../../../shared/domain/index.js';
import { Dialog } from '../ui/dialog.js';
import { Button } from '../ui/button.js';
import { toast } from '../ui/toast-store.js';
import { useT } from '../../i18n/index.js';
import { useSendPlainEmailMutation } from '../../lib/data.js';

const field = 'mt-1 block w-full rounded-lg border-2 border-slate-400 p-3 text-lg';

export function EmailDialog({ order, open, onClose }: { order: Order; open: boolean; onClose(): void }) {
  const t = useT();
  const [subject, setSubject] = useState(() => t('emailNotify.subjectDefault', { id: orderNumber(order.id) }));
  const [message, setMessage] = useState('');
  const send = useSendPlainEmailMutation();
  const to = order.customer_email ?? '';

  async function submit() {
    if (!to || !subject.trim() || !message.trim()) return;
    try {
      await send.mutateAsync({ to, subject: subject.trim(), message });
      toast.success(t('emailNotify.sent'));
      setMessage('');
      onClose();
    } catch (e) {
      toast.error(t('emailNotify.failed'), (e as Error).message);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('emailNotify.title')}>
      <p className="mb-3 text-lg">
        {t('emailNotify.to')}: <strong>{to}</strong>
      </p>
      <label className="block font-semibold">
        {t('emailNotify.subject')}
        <input value={subject} onChange={(e) => setSubject(e.target.value)} className={field} />
      </label>
      <label className="mt-3 block font-semibold">
        {t('emailNotify.message')}
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={5} className={field} />
      </label>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} disabled={!subject.trim() || !message.trim() || send.isPending}>
          {send.isPending ? t('common.sending') : t('common.send')}
        </Button>
      </div>
    </Dialog>
  );
}
