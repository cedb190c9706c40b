import { Inbox } from '@/features/admin-enquiries/components/inbox';
import { AdminFrame } from '../admin-frame';

export default function AdminEnquiriesPage() {
  return (
    <AdminFrame title="Enquiries" intro={<p>What people asked through the contact form, and your replies.</p>}>
      {({ signedOut, recount }) => <Inbox onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}
