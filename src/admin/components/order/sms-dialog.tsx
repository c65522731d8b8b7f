import { useState } from 'react';
import { smsProblem, type Order, type SmsTemplateKey } from '../../../shared/domain/index.js';
import { Dialog } from '../ui/dialog.js';
import { Button } from '../ui/button.js';
import { toast } from '../ui/toast-store.js';
import { ComposeField, SendButtons, sendMessage } from '../ui/compose.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { smsForStatus, smsText } from '../../i18n/sms-templates.js';
import { useRestaurantIdentity, useSendSmsMutation } from '../../lib/data.js';

const TEMPLATES: { label: MessageKey; key: SmsTemplateKey }[] = [
  { label: 'sms.templatePreparation', key: 'preparation' },
  { label: 'sms.templateReady', key: 'ready' },
  { label: 'sms.templateDelivery', key: 'out_for_delivery' },
];

export function SmsDialog({ order, open, onClose }: { order: Order; open: boolean; onClose(): void }) {
  const t = useT();
  const restaurantName = useRestaurantIdentity().name;
  const ctx = { orderId: order.id, restaurantName, deliveryMethod: order.delivery_method };
  const [body, setBody] = useState(() => smsForStatus(order.status, ctx) ?? '');
  const send = useSendSmsMutation();
  const smsWords = { sent: t('sms.sent'), failed: t('sms.failed') };

  async function submit() {
    const problem = smsProblem(order.customer_phone, body);
    if (problem === 'no_phone') return toast.error(t('sms.failed'), t('order.noPhone'));
    if (problem) return;
    const sent = () => {
      setBody('');
      onClose();
    };
    await sendMessage(() => send.mutateAsync({ to: order.customer_phone, body: body.trim() }), smsWords, sent);
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('sms.title')}>
      <p className="mb-3 text-lg">{t('sms.to', { phone: order.customer_phone })}</p>
      <p className="mb-2 font-semibold">{t('sms.templates')}</p>
      <div className="mb-4 flex flex-wrap gap-2">
        {TEMPLATES.map((tpl) => (
          <Button key={tpl.label} variant="secondary" onClick={() => setBody(smsText(tpl.key, ctx))}>
            {t(tpl.label)}
          </Button>
        ))}
      </div>
      <ComposeField label={t('sms.message')} value={body} onChange={setBody} rows={4} />
      <SendButtons onCancel={onClose} onSend={submit} disabled={!body.trim()} pending={send.isPending} />
    </Dialog>
  );
}
