import { Route, Routes, useParams } from 'react-router';
import { AttendeeList } from '@/features/admin-workshops/components/attendee-list';
import { WorkshopEditor } from '@/features/admin-workshops/components/workshop-editor';
import { WorkshopsAdmin } from '@/features/admin-workshops/components/workshops-admin';
import { AdminFrame } from '../admin-frame';
import NotFoundPage from './not-found';

/** /admin/workshops and the pages under it: the list, a new one, one edited, its attendees. */
export default function AdminWorkshopsPages() {
  return (
    <Routes>
      <Route index element={<List />} />
      <Route path="new" element={<Editor />} />
      <Route path=":id" element={<Editor />} />
      <Route path=":id/attendees" element={<Attendees />} />
    </Routes>
  );
}

const idOf = (raw: string | undefined) => (/^\d{1,9}$/.test(raw ?? '') ? Number(raw) : null);

function List() {
  return (
    <AdminFrame title="Workshops" intro={<p>Dates, seats and prices; who has booked and what they owe.</p>}>
      {({ signedOut }) => <WorkshopsAdmin onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function Editor() {
  const { id } = useParams();
  const number = id === undefined ? null : idOf(id);
  if (id !== undefined && number === null) return <NotFoundPage />;
  return (
    <AdminFrame title={number === null ? 'New workshop' : 'Edit workshop'} intro={<p>What a booking owes is fixed when it is made: a change here never alters it.</p>}>
      {({ signedOut }) => <WorkshopEditor key={number ?? 'new'} id={number} onSignedOut={signedOut} />}
    </AdminFrame>
  );
}

function Attendees() {
  const number = idOf(useParams().id);
  if (number === null) return <NotFoundPage />;
  return (
    <AdminFrame title="Attendees" intro={<p>Who is coming, what they paid and owe, and their notes. Print it for the day.</p>}>
      {({ signedOut }) => <AttendeeList key={number} id={number} onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
