import { Link, useParams, useSearchParams } from 'react-router';
import { RetryNotice } from '@/components/layout/page-kit';
import { PageLoading } from '@/components/ui/page-loading';
import { BalanceRefused, getBalance } from '@/features/workshops/api/balance';
import { BalancePayment } from '@/features/workshops/components/balance-payment';
import { useQuery } from '@/lib/use-query';

/** /workshops/balance/<order>?token=…: a booking's balance, from the signed link in its reminder mail. */
export default function WorkshopBalancePage() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const id = /^\d{1,9}$/.test(orderId ?? '') ? Number(orderId) : null;
  const query = useQuery(id !== null && token ? `balance:${id}:${token}` : null, (signal) => getBalance(id!, token!, signal));

  let body;
  if (id === null || !token) {
    body = <BadLink message="This link is not complete. Please open it from your email again." />;
  } else if (query.status === 'loading') {
    body = <PageLoading label="Finding your booking…" />;
  } else if (query.status === 'error') {
    body =
      query.error instanceof BalanceRefused && query.error.status !== 500 ? (
        <BadLink message={query.error.message} />
      ) : (
        <RetryNotice title="We couldn’t load your balance just now." onRetry={query.retry}>
          Please try again in a moment.
        </RetryNotice>
      );
  } else {
    body = <BalancePayment orderId={id} token={token} view={query.data} />;
  }
  return (
    <div className="container booking-page fade-in">
      <title>Your balance · Posy floral studio</title>
      {body}
    </div>
  );
}

function BadLink({ message }: { message: string }) {
  return (
    <div className="notice" role="alert">
      <p className="notice__title">{message}</p>
      <p>
        If it has expired, ring the studio and we will take the balance by phone. <Link to="/workshops">Our workshops</Link>
      </p>
    </div>
  );
}
