import { useState, type ReactNode } from 'react';
import { DataError } from '../../../shared/data/errors.js';
import { saveJsonFile } from '../../../shared/ui/save-json-file.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ConfirmRemoval } from '../../components/ui/confirm-dialog.js';
import { TextField } from '../../components/ui/labeled-input.js';
import { toast } from '../../components/ui/toast-store.js';
import { useEraseCustomerDataMutation, useExportCustomerDataMutation, type CustomerRef } from '../../lib/data.js';
import { customerDataText } from './customer-data-text.js';

const REFUSALS = {
  open_order: 'openOrder',
  customer_required: 'customerRequired',
  registered_customer: 'registeredCustomer',
  invalid_email: 'invalidEmail',
  unknown_customer: 'unknownCustomer',
} as const;

/** The staff's words for a refused export or erasure: by the database's code, else its message. */
function failure(e: Error): string {
  const code = e instanceof DataError ? (e.refusal?.code ?? '') : '';
  return code in REFUSALS ? customerDataText.now(REFUSALS[code as keyof typeof REFUSALS]) : e.message;
}

const fileName = (who: string) =>
  `dados-cliente-${who.replace(/[^\w.@+-]+/g, '_').slice(0, 60)}-${new Date().toISOString().slice(0, 10)}.json`;

/** Asks to erase a customer's data: `ask(target, who)` opens the question, `dialog` is where it shows. */
export interface EraseConfirmation {
  ask(target: CustomerRef, who: string): void;
  dialog: ReactNode;
}

/**
 * The question before an erasure, held by the page rather than by the row that asked: the customers' list
 * swaps its table for cards at the phone width (a window resized, a tablet turned), which would close a question
 * held by the row it was opened from.
 */
export function useEraseConfirmation(): EraseConfirmation {
  const t = customerDataText.useText();
  const [asking, setAsking] = useState<{ target: CustomerRef; who: string } | null>(null);
  const erasing = useEraseCustomerDataMutation({
    mutationConfig: {
      onSuccess: (r) =>
        toast.success(
          t('erased'),
          t('erasedBody', { orders: r.orders, reservations: r.reservations, challenge: r.challenge_registrations }),
        ),
      onError: (e) => toast.error(t('failed'), failure(e)),
    },
  });
  return {
    ask: (target, who) => setAsking({ target, who }),
    dialog: (
      <ConfirmRemoval
        open={asking !== null}
        setOpen={(open) => {
          if (!open) setAsking(null);
        }}
        onConfirm={() => {
          if (asking) erasing.mutate(asking.target);
        }}
        title={t('eraseTitle')}
        body={
          asking ? t('eraseBody', { who: asking.who, account: 'userId' in asking.target ? t('eraseAccount') : '' }) : ''
        }
        confirmLabel={t('eraseConfirm')}
      />
    ),
  };
}

/**
 * Export and erase one customer's data, as the shop's profile does for a signed-in customer (same rules in
 * the database: no erasure while an order is open, orders kept anonymised). The erasure asks first (`erase`).
 */
export function CustomerDataActions({
  target,
  who,
  erase,
}: {
  target: CustomerRef;
  who: string;
  erase: EraseConfirmation;
}) {
  const t = customerDataText.useText();
  const exporting = useExportCustomerDataMutation({
    mutationConfig: {
      onSuccess: (data) => {
        const file = fileName(who);
        saveJsonFile(file, data);
        toast.success(t('exported'), t('exportedBody', { file }));
      },
      onError: (e) => toast.error(t('failed'), failure(e)),
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        className="min-h-11"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate(target)}
      >
        {t('export')}
      </Button>
      <Button variant="danger" className="min-h-11" onClick={() => erase.ask(target, who)}>
        {t('erase')}
      </Button>
    </div>
  );
}

/** A guest (no account) known by the e-mail and/or phone of their orders or reservations. */
export function GuestDataCard({ erase }: { erase: EraseConfirmation }) {
  const t = customerDataText.useText();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const field = 'mt-1 block min-h-12 w-full rounded-lg border-2 border-slate-400 px-3 text-lg';
  return (
    <div data-testid="guest-data">
      <Card className="mb-5">
        <h2 className="text-lg font-bold">{t('guestTitle')}</h2>
        <p className="mb-3 text-slate-700">{t('guestIntro')}</p>
        <div className="mb-3 grid gap-3 sm:grid-cols-2">
          <TextField label={t('guestEmail')} type="email" className={field} value={email} onValue={setEmail} />
          <TextField label={t('guestPhone')} type="tel" className={field} value={phone} onValue={setPhone} />
        </div>
        <CustomerDataActions target={{ email, phone }} who={email.trim() || phone.trim() || '—'} erase={erase} />
      </Card>
    </div>
  );
}
