import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { TextField } from '@/components/ui/field';
import { CallRefused } from '@/lib/api-client';
import { formatDate, money } from '@/lib/core';
import { formatMoment } from '@/lib/core-admin';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { extendVoucher, getVoucher, voidVoucher, type AdminVoucherDetail } from '../api/vouchers-admin-api';
import { ERASED } from './voucher-book';
import { VoucherTable } from './voucher-table';
import './vouchers-admin.css';

/** One voucher: what it was bought for and by whom, what is left, its history; extend or void it. */
export function VoucherPage({ id, onSignedOut }: { id: number; onSignedOut: () => void }) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const voucher = useQuery(`voucher-${id}`, (signal) => getVoucher(id, signal), { onError });

  if (voucher.status === 'loading') return <AdminLoading>Fetching the voucher…</AdminLoading>;
  if (voucher.status === 'error') {
    return (
      <AdminRetry onRetry={voucher.retry} more={<Link to="/admin/orders/vouchers">All vouchers</Link>}>
        {voucher.error instanceof CallRefused ? voucher.error.message : 'We could not load this voucher.'}
      </AdminRetry>
    );
  }
  const shown = voucher.data;
  // When its people's details went (an erasure, or the retention rule); null while kept.
  const erased = shown.anonymised_at;
  const changed = (next: AdminVoucherDetail) => voucher.setData(() => next);
  return (
    <div className="voucher-page">
      <p>
        <Link to="/admin/orders/vouchers">← All vouchers</Link>
      </p>
      <dl className="voucher-facts">
        <div>
          <dt>Code</dt>
          <dd className="voucher-table__code">{shown.code}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd data-testid="voucher-left">
            {money(shown.balance)} of {money(shown.value)}
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{shown.status}</dd>
        </div>
        <div>
          <dt>Spend by</dt>
          <dd>{formatDate(shown.expires_on, 'long')}</dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{erased ? ERASED : shown.buyer_name}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{erased ? ERASED : (shown.recipient_name ?? `${shown.buyer_name}, to print`)}</dd>
        </div>
        {erased && shown.sent_at == null && (
          <div className="voucher-facts__wide">
            <dt>Mail</dt>
            <dd data-testid="voucher-not-sent">
              Not sent: the buyer’s and recipient’s details were erased on {formatMoment(new Date(erased * 1000).toISOString())}, so there is no
              address to send it to. The code still works for whoever has it.
            </dd>
          </div>
        )}
        {shown.message && (
          <div className="voucher-facts__wide">
            <dt>Message</dt>
            <dd>{shown.message}</dd>
          </div>
        )}
      </dl>

      <section aria-labelledby="voucher-history">
        <h2 id="voucher-history">History</h2>
        <VoucherTable columns={['When', 'What', 'Amount', 'Who']}>
          {shown.history.map((row, index) => (
            <tr key={`${row.at}-${index}`}>
              <td>
                <time dateTime={new Date(row.at * 1000).toISOString()}>{formatMoment(new Date(row.at * 1000).toISOString())}</time>
              </td>
              <td>
                {row.order_id ? <Link to={`/admin/orders/${row.order_id}`}>{row.description}</Link> : row.description}
                {row.note && <span className="admin-quiet"> · {row.note}</span>}
              </td>
              <td>{money(row.amount)}</td>
              <td>{row.who ?? ''}</td>
            </tr>
          ))}
        </VoucherTable>
      </section>

      {shown.status !== 'voided' && (
        <div className="voucher-changes">
          <ExtendForm voucher={shown} onChanged={changed} onSignedOut={lost} />
          <VoidForm voucher={shown} onChanged={changed} onSignedOut={lost} />
        </div>
      )}
    </div>
  );
}

interface ChangeProps {
  voucher: AdminVoucherDetail;
  onChanged: (next: AdminVoucherDetail) => void;
  onSignedOut: () => void;
}

/** Runs a change, and says the server's sentence when refused. */
function useChange(onSignedOut: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await change();
    } catch (cause) {
      if (cause instanceof CallRefused) setProblem(cause.fields.expires_on ?? cause.fields.note ?? cause.message);
      else if (cause instanceof Error && cause.name === 'SignedOut') onSignedOut();
      else setProblem('That could not be done just now. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

function ExtendForm({ voucher, onChanged, onSignedOut }: ChangeProps) {
  const [until, setUntil] = useState(voucher.expires_on);
  const { busy, problem, run } = useChange(onSignedOut);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => onChanged(await extendVoucher(voucher.id, voucher.version, until)));
  };
  return (
    <form className="voucher-change" onSubmit={onSubmit}>
      <h2>Extend</h2>
      <TextField label="Spend by" type="date" name="expires_on" value={until} onValueChange={setUntil} error={problem} />
      <button type="submit" className="button button--small" disabled={busy}>
        Extend <span className="visually-hidden">voucher {voucher.code}</span>
      </button>
    </form>
  );
}

function VoidForm({ voucher, onChanged, onSignedOut }: ChangeProps) {
  const [note, setNote] = useState('');
  const { busy, problem, run } = useChange(onSignedOut);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => onChanged(await voidVoucher(voucher.id, voucher.version, note)));
  };
  return (
    <form className="voucher-change voucher-change--void" onSubmit={onSubmit}>
      <h2>Void</h2>
      <p className="admin-quiet">What is left on it can no longer be spent. Its history is kept.</p>
      <TextField label="Why" name="note" value={note} onValueChange={setNote} error={problem} />
      <button type="submit" className="button button--quiet button--small" disabled={busy}>
        Void <span className="visually-hidden">voucher {voucher.code}</span>
      </button>
    </form>
  );
}
