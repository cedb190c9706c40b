import { UnsentMail } from '@/features/admin-mail/components/unsent-mail';
import { AdminFrame } from '../admin-frame';

/** /admin/mail: the letters the shop could not send, reached from the strip above every page. */
export default function AdminMailPage() {
  return (
    <AdminFrame title="Mail not sent" intro={<p>Letters the shop could not send: what the mail server said, and Send again.</p>}>
      {({ signedOut, recount }) => <UnsentMail onSignedOut={signedOut} onChanged={recount} />}
    </AdminFrame>
  );
}
