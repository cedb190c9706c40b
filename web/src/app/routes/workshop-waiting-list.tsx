import WorkshopBookingPage from './workshop-booking';

/** /workshops/<slug>/waiting-list: the booking page's frame around the waiting list's form. */
export default function WorkshopWaitingListPage() {
  return <WorkshopBookingPage waitingList />;
}
