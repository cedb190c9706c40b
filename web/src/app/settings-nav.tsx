// The Settings pages' own menu, under the back office's: the shop's settings (the studio's
// facts, opening hours and delivery), the admins, customers' data, and the record of who did
// what.
import { NavLink } from 'react-router';
import '@/components/admin/admin.css';

export function SettingsNav() {
  return (
    <nav className="settings-nav" aria-label="Settings">
      <NavLink to="/admin/settings" end className="settings-nav__link">
        The studio and delivery
      </NavLink>
      <NavLink to="/admin/settings/admins" className="settings-nav__link">
        Admins
      </NavLink>
      <NavLink to="/admin/settings/privacy" className="settings-nav__link">
        Customers’ data
      </NavLink>
      <NavLink to="/admin/settings/who-did-what" className="settings-nav__link">
        Who did what
      </NavLink>
    </nav>
  );
}
