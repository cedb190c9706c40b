import { Route, Routes, useParams } from 'react-router';
import { DaySheet } from '@/features/admin-orders/components/day-sheet';
import { OrderBook } from '@/features/admin-orders/components/order-book';
import { OrderPage } from '@/features/admin-orders/components/order-page';
import { PhoneOrder } from '@/features/admin-orders/components/phone-order';
import { DayWorkshops, useWorkshopsByDay } from '@/features/admin-workshops/components/day-workshops';
import { OfferBook } from '@/features/admin-vouchers/components/offer-book';
import { SellVoucher } from '@/features/admin-vouchers/components/sell-voucher';
import { VoucherBook } from '@/features/admin-vouchers/components/voucher-book';
import { VoucherPage } from '@/features/admin-vouchers/components/voucher-page';
import { AdminFrame } from '../admin-frame';
import NotFoundPage from './not-found';

/** /admin/orders and the pages under it: the day's work, a phone order, a day sheet, one order. */
export default function AdminOrdersPages() {
  return (
    <Routes>
      <Route index element={<DaysWork />} />
      <Route path="new" element={<NewOrder />} />
      <Route path="day/:date" element={<DaySheetPage />} />
      <Route path="vouchers" element={<Vouchers />} />
      <Route path="vouchers/new" element={<NewVoucher />} />
      <Route path="vouchers/:id" element={<OneVoucher />} />
      <Route path="offers" element={<Offers />} />
      <Route path=":id" element={<OneOrder />} />
    </Routes>
  );
}

function DaysWork() {
  return (
    <AdminFrame title="Orders" intro={<p>The day’s work: what to make, for whom, and where it goes.</p>}>
      {({ signedOut, recount }) => <OrdersAndWorkshops onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}

/** The day's work with each day's workshops under its heading (the two features meet only here, once signed in). */
function OrdersAndWorkshops({ onSignedOut, onChanged }: { onSignedOut: () => void; onChanged: () => void }) {
  const workshopsOn = useWorkshopsByDay();
  return <OrderBook onSignedOut={onSignedOut} onChanged={onChanged} dayExtra={(date) => <DayWorkshops workshops={workshopsOn(date)} />} />;
}

function NewOrder() {
  return (
    <AdminFrame title="Take a phone order" intro={<p>An order paid outside the shop: it takes stock and joins the day’s work.</p>}>
      {({ signedOut, recount }) => <PhoneOrder onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}

function DaySheetPage() {
  const { date } = useParams();
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return <NotFoundPage />;
  return (
    <AdminFrame title="Day sheet" intro={<p>Print it for the bench and the van: what to make, where it goes, and the cards.</p>}>
      {({ signedOut }) => <DaySheet key={date} date={date} onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function OneOrder() {
  const { id } = useParams();
  const number = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  if (number === null) return <NotFoundPage />;
  return (
    <AdminFrame title="Order" intro={<p>Everything about one order, and what happens to it next.</p>}>
      {({ signedOut, recount }) => <OrderPage key={number} id={number} onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}

// Gift vouchers and offer codes sit with the orders: a voucher is a payment, an offer a price.
function Vouchers() {
  return (
    <AdminFrame title="Gift vouchers" intro={<p>Every voucher sold, what is left on it, and its history.</p>}>
      {({ signedOut }) => <VoucherBook onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function NewVoucher() {
  return (
    <AdminFrame title="Sell a gift voucher" intro={<p>A voucher paid in the studio or over the phone.</p>}>
      {({ signedOut }) => <SellVoucher onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function OneVoucher() {
  const { id } = useParams();
  const number = /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
  if (number === null) return <NotFoundPage />;
  return (
    <AdminFrame title="Gift voucher" intro={<p>What is left on it, where it went, and how long it lasts.</p>}>
      {({ signedOut }) => <VoucherPage key={number} id={number} onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function Offers() {
  return (
    <AdminFrame title="Offer codes" intro={<p>Codes that take something off an order: on quiet days, for a season, for friends.</p>}>
      {({ signedOut }) => <OfferBook onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
