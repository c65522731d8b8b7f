import { useState } from 'react';
import { validateEmailDraft, type RecipientMode } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { DashboardSubPage } from '../../components/ui/table-page.js';
import { ComposeField, composeFieldClass } from '../../components/ui/compose.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { useCustomersQuery, useSendPromotionMutation } from '../../lib/data.js';

const REFUSAL_TEXT: Record<'fields_required' | 'no_recipient', [MessageKey, MessageKey]> = {
  fields_required: ['promotions.requiredTitle', 'promotions.requiredBody'],
  no_recipient: ['promotions.noRecipientTitle', 'promotions.noRecipientBody'],
};

export function PromotionsPage() {
  const t = useT();
  const customers = useCustomersQuery();
  const emails = (customers.data ?? []).map((c) => c.email);
  const [mode, setMode] = useState<RecipientMode>('all');
  const [picked, setPicked] = useState('');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');

  const send = useSendPromotionMutation({
    mutationConfig: {
      onSuccess: (_r, { recipients }) => {
        toast.success(t('promotions.sentTitle'), t('promotions.sentBody', { n: recipients.length }));
        setSubject('');
        setContent('');
        setPicked('');
      },
      onError: (e) => toast.error(t('promotions.failedTitle'), t('promotions.failedBody', { message: e.message })),
    },
  });

  function submit() {
    const check = validateEmailDraft({
      subject,
      content,
      mode,
      recipients: mode === 'all' ? emails : picked ? [picked] : [],
    });
    if (!check.ok) {
      const [title, body] = REFUSAL_TEXT[check.code];
      return toast.error(t(title), t(body));
    }
    send.mutate({
      recipients: check.recipients,
      bulk: check.send === 'bulk',
      subject: subject.trim(),
      htmlContent: content,
    });
  }

  return (
    <DashboardSubPage title={t('promotions.title')}>
      <div className="grid gap-5 lg:grid-cols-2">
        <Card>
          <fieldset>
            <legend className="mb-2 text-lg font-bold">{t('promotions.recipients')}</legend>
            {(['all', 'single'] as const).map((m) => (
              <label key={m} className="flex min-h-12 items-center gap-3 text-lg">
                <input type="radio" name="mode" className="h-6 w-6" checked={mode === m} onChange={() => setMode(m)} />
                {m === 'all'
                  ? t('promotions.allCustomers', { n: customers.data ? emails.length : '…' })
                  : t('promotions.singleCustomer')}
              </label>
            ))}
            {mode === 'single' && (
              <select
                aria-label={t('promotions.pickCustomer')}
                value={picked}
                onChange={(e) => setPicked(e.target.value)}
                className={`${composeFieldClass} bg-white`}
              >
                <option value="">{t('promotions.pickCustomer')}</option>
                {emails.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
            )}
          </fieldset>
          <ComposeField label={t('promotions.subject')} value={subject} onChange={setSubject} spacing="mt-4" />
          <ComposeField
            label={t('promotions.body')}
            value={content}
            onChange={setContent}
            rows={10}
            spacing="mt-4"
            className="font-mono text-base"
          />
          <p className="mt-1 text-slate-700">{t('promotions.bodyNote')}</p>
          <Button className="mt-5 w-full" onClick={submit} disabled={send.isPending}>
            {send.isPending ? t('common.sending') : t('promotions.send')}
          </Button>
        </Card>
        <Card>
          <h2 className="mb-2 text-lg font-bold">{t('promotions.preview')}</h2>
          <p className="mb-2 text-xl font-semibold">{subject}</p>
          {/* Sandboxed: the preview runs no script and cannot reach the admin page. */}
          <iframe
            title={t('promotions.preview')}
            sandbox=""
            srcDoc={content}
            className="h-[28rem] w-full rounded-lg border border-slate-300 bg-white"
          />
        </Card>
      </div>
    </DashboardSubPage>
  );
}
