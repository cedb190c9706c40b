import { useQuery } from '@/lib/use-query';
import { getVoucherTerms } from '../api/vouchers-api';

/** The values offered and how long a voucher lasts (in the page when the server drew it). */
export function useVoucherTerms() {
  return useQuery('voucher-terms', getVoucherTerms, { firstLoad: '/api/vouchers/terms/' });
}
