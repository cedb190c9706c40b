import { useRef, useState, type FormEvent } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { TextField } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { SubmitButton } from '@/components/ui/submit-button';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { getRetention, saveRetention, type RetentionForm } from '../api/privacy-api';
import './privacy-admin.css';

type Period = Exclude<keyof RetentionForm, 'version'>;

/** The five periods, in the words of the privacy notice that shows them. */
const PERIODS: { key: Period; label: string; unit: string; hint: string }[] = [
  { key: 'mail_days', label: 'Sent e-mails', unit: 'days', hint: 'After sending, the e-mail’s text is deleted (it repeats addresses and phones).' },
  { key: 'card_months', label: 'Card messages and delivery notes', unit: 'months', hint: 'After the day: the recipient’s phone, the instructions and the card message are blanked.' },
  { key: 'enquiry_years', label: 'Enquiries', unit: 'years', hint: 'After the last message or reply, the enquiry and its replies are deleted.' },
  { key: 'dead_mail_days', label: 'E-mails that could not be sent', unit: 'days', hint: 'After the shop gave up on one, it is deleted.' },
  { key: 'order_years', label: 'Orders', unit: 'years', hint: 'After the order, names, addresses and phones go; the money, items, dates and postcode district stay (at least 6 years, for HMRC).' },
];

/** The retention settings: how long each kind of personal data is kept before the daily task removes it. */
export function RetentionSettings({ onSignedOut }: { onSignedOut: () => void }) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-retention', (signal) => getRetention(signal), { onError });
  if (query.status === 'loading') return <AdminLoading>Fetching the retention settings…</AdminLoading>;
  if (query.status === 'error') return <AdminRetry onRetry={query.retry}>We couldn’t fetch the retention settings.</AdminRetry>;
  return <RetentionFormView saved={query.data} onSaved={(now) => query.setData(() => now)} onSignedOut={() => lost()} />;
}

function RetentionFormView({ saved, onSaved, onSignedOut }: { saved: RetentionForm; onSaved: (now: RetentionForm) => void; onSignedOut: () => void }) {
  const [typed, setTyped] = useState<Record<Period, string>>(() => typedFrom(saved));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const report = useRef<HTMLDivElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const form = { ...saved };
    for (const period of PERIODS) {
      const value = Number(typed[period.key].trim());
      if (!Number.isInteger(value) || value < 0) {
        setMessage({ text: `${period.label}: please give a whole number of ${period.unit}.`, error: true });
        report.current?.focus();
        return;
      }
      form[period.key] = value;
    }
    setBusy(true);
    setMessage(null);
    try {
      const now = await saveRetention(form);
      onSaved(now);
      setTyped(typedFrom(now));
      setMessage({ text: 'Saved. The privacy notice shows the new periods, and the next daily pass follows them.', error: false });
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      if (cause instanceof CallRefused) {
        setMessage({ text: Object.values(cause.fields).join(' ') || cause.message, error: true });
      } else {
        notifyError('The retention settings were not saved', cause instanceof Error ? cause.message : null);
      }
    } finally {
      setBusy(false);
      report.current?.focus();
    }
  };

  return (
    <form className="settings" onSubmit={save} noValidate aria-label="How long data is kept">
      <div className="settings__grid">
        {PERIODS.map((period) => (
          <TextField
            key={period.key}
            id={`retention-${period.key}`}
            className="settings__fact"
            label={`${period.label} (${period.unit})`}
            hint={period.hint}
            inputMode="numeric"
            autoComplete="off"
            value={typed[period.key]}
            onValueChange={(value) => {
              setTyped((current) => ({ ...current, [period.key]: value }));
              setMessage(null);
            }}
          />
        ))}
      </div>
      <div ref={report} tabIndex={-1} className="settings__report" role="status">
        {message && <p className={message.error ? 'notice notice--error' : 'notice'}>{message.text}</p>}
      </div>
      <div className="admin-actions">
        <SubmitButton busy={busy}>Save how long data is kept</SubmitButton>
      </div>
    </form>
  );
}

function typedFrom(form: RetentionForm): Record<Period, string> {
  return Object.fromEntries(PERIODS.map((period) => [period.key, String(form[period.key])])) as Record<Period, string>;
}
