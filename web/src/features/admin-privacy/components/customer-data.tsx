import { useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { SubmitButton } from '@/components/ui/submit-button';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { eraseCustomer, exportCustomer, findCustomer, type CustomerSummary } from '../api/privacy-api';
import './privacy-admin.css';

/**
 * A customer's data on request: look an address up, see what is held, download her copy as
 * JSON, or erase it after saying so twice (refused, in words, while an order of hers is unfinished).
 */
export function CustomerData({ onSignedOut }: { onSignedOut: () => void }) {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<CustomerSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const report = useRef<HTMLDivElement>(null);
  const heading = useId();

  const failed = (cause: unknown, what: string) => {
    if (cause instanceof SignedOut) return onSignedOut();
    if (cause instanceof CallRefused) setError(cause.fields.email ?? cause.message);
    else notifyError(what, cause instanceof Error ? cause.message : null);
  };

  const look = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setMessage(null);
    setConfirming(false);
    try {
      setFound(await findCustomer(email.trim()));
    } catch (cause) {
      setFound(null);
      failed(cause, 'The address could not be looked up');
    } finally {
      setBusy(false);
      report.current?.focus();
    }
  };

  const download = async () => {
    if (!found) return;
    setBusy(true);
    try {
      const data = await exportCustomer(found.email);
      const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `customer-data-${found.email}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
      setMessage(`Her copy is downloaded as ${link.download}. Send it to her by a safe route.`);
    } catch (cause) {
      failed(cause, 'Her data could not be exported');
    } finally {
      setBusy(false);
      report.current?.focus();
    }
  };

  const erase = async () => {
    if (!found) return;
    setBusy(true);
    setError(null);
    try {
      const erased = await eraseCustomer(found.email);
      setMessage(
        `Erased: ${erased.orders} order(s) anonymised, ${erased.enquiries} enquiry(ies) and ${erased.mail} e-mail(s) deleted. Her order links no longer open.`,
      );
      setFound(await findCustomer(found.email));
    } catch (cause) {
      failed(cause, 'Her data could not be erased');
    } finally {
      setConfirming(false);
      setBusy(false);
      report.current?.focus();
    }
  };

  const nothing = found && found.orders.length + found.enquiries.length + found.mail.length === 0;

  return (
    <div className="customer-data">
      <form className="customer-data__find" onSubmit={look} noValidate aria-label="Find a customer’s data">
        <TextField
          id="customer-email"
          label="Her e-mail address"
          type="email"
          autoComplete="off"
          value={email}
          error={error && !found ? error : null}
          onValueChange={(value) => setEmail(value)}
        />
        <SubmitButton busy={busy && !found}>Find what we hold</SubmitButton>
      </form>

      <div ref={report} tabIndex={-1} className="settings__report" role="status">
        {message && <p className="notice">{message}</p>}
        {error && found && <p className="notice notice--error">{error}</p>}
      </div>

      {found && (
        <section className="customer-data__found" aria-labelledby={heading}>
          <h3 id={heading} className="customer-data__title">
            Held for {found.email}
          </h3>
          {nothing ? (
            <p>Nothing is held for this address.</p>
          ) : (
            <>
              <HeldList title="Orders" rows={found.orders} />
              <HeldList title="Enquiries" rows={found.enquiries} />
              <HeldList title="E-mails" rows={found.mail} />
            </>
          )}
          <div className="admin-actions customer-data__actions">
            <button type="button" className="button button--quiet" onClick={download} disabled={busy}>
              Export her data (JSON)
            </button>
            {found.erase_refused ? (
              <p className="notice">{found.erase_refused}</p>
            ) : (
              !nothing &&
              !confirming && (
                <button type="button" className="button" onClick={() => setConfirming(true)} disabled={busy}>
                  Erase her data…
                </button>
              )
            )}
          </div>
          {confirming && (
            <div className="notice notice--error customer-data__confirm" role="alertdialog" aria-labelledby={`${heading}-confirm`}>
              <p id={`${heading}-confirm`}>
                Erase everything held for {found.email}? Her orders keep only the money, the items, the dates and the postcode
                district; her enquiries and e-mails are deleted. This cannot be undone.
              </p>
              <div className="admin-actions">
                <button type="button" className="button" onClick={erase} disabled={busy}>
                  Yes, erase {found.email}
                </button>
                <button type="button" className="button button--quiet" onClick={() => setConfirming(false)} disabled={busy}>
                  Keep it
                </button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

function HeldList({ title, rows }: { title: string; rows: readonly string[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h4 className="customer-data__kind">{title}</h4>
      <ul className="customer-data__list">
        {rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    </>
  );
}
