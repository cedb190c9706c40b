import { BloomMark } from '@/components/ui/icons';

export interface VoucherCardProps {
  /** The value as the page shows it ("£50.00"), or null before one is chosen. */
  value: string | null;
  /** Who it is for; the card leaves a space when not yet typed. */
  recipient: string;
  message: string;
  /** Who it is from. */
  from: string;
  /** The code once there is one ("K7QM-2XHD-9PRT"); a faint stand-in before. */
  code?: string | null;
  /** "Valid until 27 November 2028", or how long it lasts before it is bought. */
  validity?: string | null;
}

/**
 * The gift voucher as its recipient will see it (the mail's printable card is drawn from the
 * same words): the value large, who it is for and from, the message, the code. On the buying
 * page it follows what is typed, so the buyer sees the present take shape.
 */
export function VoucherCard({ value, recipient, message, from, code, validity }: VoucherCardProps) {
  return (
    <figure className="voucher-card" aria-label="How the gift voucher will look">
      <div className="voucher-card__paper">
        <BloomMark className="voucher-card__bloom" width={132} height={132} />
        <p className="voucher-card__kind">Gift voucher</p>
        <p className="voucher-card__value">{value ?? '£—'}</p>
        <p className="voucher-card__for">{recipient.trim() ? `For ${recipient.trim()}` : 'For someone lovely'}</p>
        {message.trim() && <blockquote className="voucher-card__message">{message.trim()}</blockquote>}
        {from.trim() && <p className="voucher-card__from">With love from {from.trim()}</p>}
        <div className="voucher-card__foot">
          <span className="voucher-card__code" data-placeholder={code ? undefined : true}>
            {code ?? 'XXXX-XXXX-XXXX'}
          </span>
          {validity && <span className="voucher-card__validity">{validity}</span>}
        </div>
      </div>
      <figcaption className="voucher-card__caption">Spend it on flowers, in the shop or the studio.</figcaption>
    </figure>
  );
}
