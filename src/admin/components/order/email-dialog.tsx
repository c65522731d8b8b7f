import { useState } from 'react';
import { orderNumber, type Order } from '../../../shared/domain/index.js';
import { Dialog } from '../ui/dialog.js';
import { ComposeField, SendButtons, sendMessage } from '../ui/compose.js';
import { useT } from '../../i18n/index.js';
import { useSendPlainEmailMutation } from '../../lib/data.js';

export function EmailDialog({ order, open, onClose }: { order: Order; open: boolean; onClose(): void }) {
  const t = useT();
  const [subject, setSubject] = useState(() => t('emailNotify.subjectDefault', { id: orderNumber(order.id) }));
  const [message, setMessage] = useState('');
  const send = useSendPlainEmailMutation();
  const to = order.customer_email ?? '';

  async function submit() {
    if (!to || !subject.trim() || !message.trim()) return;
    const words = { sent: t('emailNotify.sent'), failed: t('emailNotify.failed') };
    await sendMessage(
      () => send.mutateAsync({ to, subject: subject.trim(), message }),
      words,
      () => {
        setMessage('');
        onClose();
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('emailNotify.title')}>
      <p className="mb-3 text-lg">
        {t('emailNotify.to')}: <strong>{to}</strong>
      </p>
      <ComposeField label={t('emailNotify.subject')} value={subject} onChange={setSubject} />
      <ComposeField label={t('emailNotify.message')} value={message} onChange={setMessage} rows={5} spacing="mt-3" />
      <SendButtons
        onCancel={onClose}
        onSend={submit}
        disabled={!subject.trim() || !message.trim()}
        pending={send.isPending}
      />
    </Dialog>
  );
}
