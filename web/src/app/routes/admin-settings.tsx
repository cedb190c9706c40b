import { Settings } from '@/features/studio-settings/components/settings';
import { AdminFrame } from '../admin-frame';

export default function AdminSettingsPage() {
  return (
    <AdminFrame title="Settings" intro={<p>Opening hours, days off and delivery: the shop follows them as soon as they are saved.</p>}>
      {({ signedOut }) => <Settings onSignedOut={signedOut} />}
    </AdminFrame>
  );
}
