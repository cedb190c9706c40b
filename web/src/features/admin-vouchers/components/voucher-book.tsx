import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { TextFieldWithButton } from '@/components/ui/field';
import { formatDate, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { counted } from '@/lib/words';
import { listVouchers } from '../api/vouchers-admin-api';
import { VoucherTable } from './voucher-table';
import './vouchers-admin.css';

/** Said in place of a name erased (on request, or by the retention rule). */
export const ERASED = 'Erased';

/**
 * The gift vouchers, latest first, with a look-up by code or by the buyer's or recipient's
 * e-mail (kept in the address, so a reload keeps it). Each code opens the voucher's page.
 */
export function VoucherBook({ onSignedOut }: { onSignedOut: () => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const { onError } = useSignedOut(onSignedOut);
  const vouchers = useQuery(`vouchers?${q}`, (signal) => listVouchers(q, signal), { onError });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };

  return (
    <div className="voucher-book">
      <div className="voucher-book__bar spread">
        <form className="voucher-book__search" role="search" onSubmit={onSubmit}>
          <TextFieldWithButton
            label="Look up a voucher"
            type="search"
            placeholder="Code, or the buyer’s or recipient’s e-mail"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onValueChange={setTyped}
            button={
              <button type="submit" className="button button--small">
                Look up
              </button>
            }
          />
        </form>
        <Link to="/admin/orders/vouchers/new" className="button button--quiet button--small">
          Sell a voucher in the studio
        </Link>
      </div>

      {vouchers.status === 'loading' && <AdminLoading>Fetching the vouchers…</AdminLoading>}
      {vouchers.status === 'error' && <AdminRetry onRetry={vouchers.retry}>We could not load the vouchers.</AdminRetry>}
      {vouchers.status === 'loaded' &&
        (vouchers.data.length === 0 ? (
          <p className="admin-quiet">{q ? `No voucher matches “${q}”.` : 'No vouchers sold yet.'}</p>
        ) : (
          <VoucherTable caption={counted(vouchers.data.length, 'voucher')} columns={['Code', 'Value', 'Left', 'For', 'From', 'Until', 'State']}>
            {vouchers.data.map((voucher) => (
              <tr key={voucher.id}>
                <th scope="row">
                  <Link to={`/admin/orders/vouchers/${voucher.id}`} className="voucher-table__code">
                    {voucher.code}
                  </Link>
                </th>
                <td>{money(voucher.value)}</td>
                <td>{money(voucher.balance)}</td>
                <td>{voucher.anonymised_at != null ? ERASED : (voucher.recipient_name ?? 'To print')}</td>
                <td>{voucher.anonymised_at != null ? ERASED : voucher.buyer_name}</td>
                <td>{formatDate(voucher.expires_on, 'day')}</td>
                <td>
                  <span className="pill" data-state={voucher.status}>
                    {voucher.status}
                  </span>
                </td>
              </tr>
            ))}
          </VoucherTable>
        ))}
    </div>
  );
}
