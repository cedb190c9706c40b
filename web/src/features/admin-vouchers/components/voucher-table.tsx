import type { ReactNode } from 'react';
import './vouchers-admin.css';

/**
 * The vouchers' and offers' tables as the back office draws them: in a frame a wide table
 * scrolls inside, a header cell for each column, the rows given as children.
 */
export function VoucherTable({ caption, columns, children }: { caption?: ReactNode; columns: ReactNode[]; children: ReactNode }) {
  return (
    <div className="voucher-table-wrap">
      <table className="voucher-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
