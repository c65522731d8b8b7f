import { useState } from 'react';
import { validateEmailDraft, type RecipientMode } from '../../../shared/domain/index.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { DashboardSubPage } from '../../components/ui/table-page.js';
import { ComposeField, composeFieldClass } from '../../components/ui/compose.js';
import { toast } from '../../components/ui/toast-store.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import { usePromotionAudienceQuery, useSendPromotionMutation } from '../../lib/data.js';

const REFUSAL_TEXT: Record<'fields_required' | 'no_recipient', [MessageKey, MessageKey]> = {
  fields_required: ['promotions.requiredTitle', 'promotions.requiredBody'],
  no_recipient: ['promotions.noRecipientTitle', 'promotions.noRecipientBody'],
};

/**
 * A promotion goes only to the addresses that consented (accounts and guests, each inbox once), each with its
 * unsubscribe link; the message is plain text, sent as typed.
 */
export function PromotionsPage() {
  const t = useT();
  const audience = usePromotionAudienceQuery();
  const emails = (audience.data ?? []).map((c) => c.email);
  const [mode, setMode] = useState<RecipientMode>('all');
  const [picked, setPicked] = useState('');
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');

  const send = useSendPromotionMutation({
    mutationConfig: {
      onSuccess: (r) => {
        toast.success(t('promotions.sentTitle'), t('promotions.sentBody', { n: r.sent }));
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
    send.mutate({ recipients: mode === 'all' ? 'all' : check.recipients, subject: subject.trim(), message: content });
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
                  ? t('promotions.allCustomers', { n: audience.data ? emails.length : '…' })
                  : t('promotions.singleCustomer')}
              </label>
            ))}
            <p className="text-slate-700" data-testid="promotion-audience">
              {t('promotions.consentNote', { n: audience.data ? emails.length : '…' })}
            </p>
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
            className="text-base"
          />
          <p className="mt-1 text-slate-700">{t('promotions.bodyNote')}</p>
          <Button className="mt-5 w-full" onClick={submit} disabled={send.isPending}>
            {send.isPending ? t('common.sending') : t('promotions.send')}
          </Button>
        </Card>
        <Card>
          <h2 className="mb-2 text-lg font-bold">{t('promotions.preview')}</h2>
          <p className="mb-2 text-xl font-semibold">{subject}</p>
          {/* The text as it will arrive: markup typed in it is shown, not interpreted. */}
          <div
            data-testid="promotion-preview"
            className="min-h-[12rem] rounded-lg border border-slate-300 bg-white p-4 text-lg whitespace-pre-wrap"
          >
            {content}
          </div>
          <p className="mt-2 text-slate-700">{t('promotions.unsubscribeNote')}</p>
        </Card>
      </div>
    </DashboardSubPage>
  );
}
