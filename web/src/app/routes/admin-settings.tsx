import { useLocation } from 'react-router';
import { WhoDidWhat } from '@/features/admin-audit/components/who-did-what';
import { Admins } from '@/features/admin-settings/components/admins';
import { CustomerData } from '@/features/admin-privacy/components/customer-data';
import { RetentionSettings } from '@/features/admin-privacy/components/retention-settings';
import { reloadSite } from '@/features/site/hooks/use-site';
import { Settings } from '@/features/admin-settings/components/settings';
import { StudioFactsSettings } from '@/features/admin-settings/components/studio-facts-form';
import { AdminFrame } from '../admin-frame';
import { SettingsNav } from '../settings-nav';

/** Settings (/admin/settings) and its tabs: Admins (/admin/settings/admins), Customers' data
 * (/admin/settings/privacy) and the record of who did what (/admin/settings/who-did-what). */
export default function AdminSettingsPage() {
  const path = useLocation().pathname.replace(/\/$/, '');
  const admins = path.endsWith('/admins');
  if (path.endsWith('/who-did-what')) {
    return (
      <AdminFrame
        title="Settings"
        intro={<p>Who did what in the back office, newest first: sign-ins, products, prices and stock, settings, admins, refunds and exports. Kept two years.</p>}
      >
        {({ signedOut }) => (
          <>
            <SettingsNav />
            <WhoDidWhat onSignedOut={signedOut} />
          </>
        )}
      </AdminFrame>
    );
  }
  if (path.endsWith('/privacy')) {
    return (
      <AdminFrame title="Settings" intro={<p>How long customers’ details are kept, and a customer’s data when she asks for it or asks you to delete it.</p>}>
        {({ signedOut }) => (
          <>
            <SettingsNav />
            <section className="admin-settings__part" aria-labelledby="admin-settings-customer">
              <h2 id="admin-settings-customer" className="admin-settings__title">
                A customer’s data
              </h2>
              <CustomerData onSignedOut={signedOut} />
            </section>
            <section className="admin-settings__part" aria-labelledby="admin-settings-retention">
              <h2 id="admin-settings-retention" className="admin-settings__title">
                How long data is kept
              </h2>
              <RetentionSettings onSignedOut={signedOut} />
            </section>
          </>
        )}
      </AdminFrame>
    );
  }
  if (admins) {
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
  return (
    <AdminFrame title="Settings" intro={<p>The studio’s details, opening hours, days off and delivery: the shop follows them as soon as they are saved.</p>}>
      {({ signedOut }) => (
        <>
          <SettingsNav />
          <section className="admin-settings__part" aria-labelledby="admin-settings-studio">
            <h2 id="admin-settings-studio" className="admin-settings__title">
              The studio
            </h2>
            <StudioFactsSettings onSignedOut={signedOut} onSaved={reloadSite} />
          </section>
          <section className="admin-settings__part" aria-labelledby="admin-settings-delivery">
            <h2 id="admin-settings-delivery" className="admin-settings__title">
              Opening hours and delivery
            </h2>
            <Settings onSignedOut={signedOut} onSaved={reloadSite} />
          </section>
        </>
      )}
    </AdminFrame>
  );
}
