import { Admins } from '@/features/admins/components/admins';
import { AdminFrame } from '../admin-frame';
import { SettingsNav } from '../settings-nav';

export default function AdminAdminsPage() {
  return (
    <AdminFrame title="Settings" intro={<p>Who can sign in to the back office, your own password, and your sessions.</p>}>
      {({ signedOut, signedOutEverywhere }) => (
        <>
          <SettingsNav />
          <Admins onSignedOut={signedOut} onSignedOutEverywhere={signedOutEverywhere} />
        </>
      )}
    </AdminFrame>
  );
}
