import './orders.css';

/** An order's status as a quiet pill; overdue said in words, not by colour alone. */
export function StatusBadge({ status, label, overdue = false }: { status: string; label: string; overdue?: boolean }) {
  return (
    <span className="order-badges">
      <span className="order-status" data-status={status}>
        {label}
      </span>
      {overdue && <span className="order-overdue">Overdue</span>}
    </span>
  );
}

/** The studio closed the order's day after it was booked (`why` in the title): the customer must be told. */
export function ClosedDayMark({ why, className }: { why: string | null | undefined; className: string }) {
  if (!why) return null;
  return (
    <span className={className} title={why}>
      Studio closed this day
    </span>
  );
}
