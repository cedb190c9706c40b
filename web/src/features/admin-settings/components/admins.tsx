import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { TextField } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { SubmitButton } from '@/components/ui/submit-button';
import { addAdmin, changeAdmin, changePassword, listAdmins, signOutEverywhere, type AdminAccount, type AdminChange } from '../api/admins-api';
import './admins.css';

const made = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

function madeOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : made.format(date);
}

export interface AdminsProps {
  /** The session ended under the page: back to the sign-in. */
  onSignedOut: () => void;
  /** Every session of the account ended on purpose: to the sign-in, which says so. */
  onSignedOutEverywhere: () => void;
}

/** The studio's admins: who they are, adding, disabling or removing one, a new password for oneself, and signing out everywhere. */
export function Admins({ onSignedOut, onSignedOutEverywhere }: AdminsProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-admins', (signal) => listAdmins(signal), { onError });

  return (
    <div className="admins">
      <Part title="Admins" intro="Everyone who can sign in to the back office. Every change here is e-mailed to the shop’s own address.">
        {query.status === 'loading' && <AdminLoading>Fetching the admins…</AdminLoading>}
        {query.status === 'error' && <AdminRetry onRetry={query.retry}>We couldn’t fetch the admins.</AdminRetry>}
        {query.status === 'loaded' && (
          <AdminList admins={query.data} onChanged={(admins) => query.setData(() => admins)} onSignedOut={lost} />
        )}
      </Part>
      <AddAdmin onAdded={(admins) => query.setData(() => admins)} onSignedOut={lost} />
      <ChangePassword onSignedOut={lost} />
      <SignOutEverywhere onDone={onSignedOutEverywhere} onSignedOut={lost} />
    </div>
  );
}

function Part({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="admins__part panel" aria-label={title}>
      <h2 className="admins__title">{title}</h2>
      {intro && <p className="admins__intro">{intro}</p>}
      {children}
    </section>
  );
}

const asked: Record<AdminChange, (name: string) => string> = {
  disable: (name) => `Disable ${name}? They are signed out at once and cannot sign in until enabled again.`,
  enable: (name) => `Enable ${name} again? They can then sign in with their password.`,
  remove: (name) => `Remove ${name}? They are signed out for good; this cannot be undone.`,
};

function AdminList({
  admins,
  onChanged,
  onSignedOut,
}: {
  admins: AdminAccount[];
  onChanged: (admins: AdminAccount[]) => void;
  onSignedOut: () => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const clashing = admins.filter((admin) => admin.clashes).map((admin) => admin.username);

  const change = async (admin: AdminAccount, what: AdminChange) => {
    if (!window.confirm(asked[what](admin.username))) return;
    setBusy(admin.id);
    setSaid(null);
    try {
      onChanged(await changeAdmin(admin.id, what));
    } catch (cause) {
      if (cause instanceof SignedOut) onSignedOut();
      else if (cause instanceof CallRefused) setSaid(cause.message);
      else notifyError('That did not work', cause instanceof Error ? cause.message : null);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {clashing.length > 0 && (
        <p className="notice notice--error admins__said">
          {clashing.join(' and ')} differ only in capitals, so signing in with either name is unclear. Remove or disable
          all but one.
        </p>
      )}
      <ul className="admins__list">
        {admins.map((admin) => (
          <li key={admin.id} className="admins__row">
            <span className="admins__name">
              {admin.username}
              {admin.is_you && <span className="admins__you">you</span>}
              {admin.disabled && <span className="admins__off">disabled</span>}
            </span>
            <span className="admins__made">Added {madeOn(admin.created)}</span>
            <span className="admins__row-actions">
              {admin.disabled ? (
                <button type="button" className="button button--quiet" disabled={busy !== null} aria-label={`Enable ${admin.username}`}
                  onClick={() => change(admin, 'enable')}
                >
                  Enable
                </button>
              ) : (
                <button type="button" className="button button--quiet" disabled={busy !== null} aria-label={`Disable ${admin.username}`}
                  onClick={() => change(admin, 'disable')}
                >
                  Disable
                </button>
              )}
              <button type="button" className="button button--quiet" disabled={busy !== null} aria-label={`Remove ${admin.username}`}
                onClick={() => change(admin, 'remove')}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      {said && (
        <p className="notice notice--error admins__said" role="status">
          {said}
        </p>
      )}
    </>
  );
}

/** What a small form shares: its errors by field, its sentence, whether it is sending. */
function useSmallForm(onSignedOut: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  /** Sends; a refusal puts each sentence beside its field and focuses the first at fault. */
  const send = async (sending: () => Promise<string>, ids: Record<string, string>) => {
    setBusy(true);
    setMessage(null);
    try {
      const said = await sending();
      setErrors({});
      setMessage({ text: said, error: false });
      return true;
    } catch (cause) {
      if (cause instanceof SignedOut) {
        onSignedOut();
        return false;
      }
      if (cause instanceof CallRefused) {
        setErrors(cause.fields);
        setMessage({ text: cause.message, error: true });
        const first = Object.keys(ids).find((field) => cause.fields[field]);
        const id = first ? ids[first] : undefined;
        if (id) form.current?.querySelector<HTMLInputElement>(`#${id}`)?.focus();
      } else {
        notifyError('That did not work', cause instanceof Error ? cause.message : null);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  const said = message && (
    <p className={message.error ? 'notice notice--error admins__said' : 'notice admins__said'} role="status">
      {message.text}
    </p>
  );
  return { errors, busy, send, said, form, clear: () => setMessage(null) };
}

function AddAdmin({ onAdded, onSignedOut }: { onAdded: (admins: AdminAccount[]) => void; onSignedOut: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [yours, setYours] = useState('');
  const { errors, busy, send, said, form, clear } = useSmallForm(onSignedOut);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    const added = await send(
      async () => {
        onAdded(await addAdmin(username, password, yours));
        return `${name} can sign in now with the password you chose. Let them know it another way than e-mail.`;
      },
      { username: 'new-admin-username', password: 'new-admin-password', current_password: 'add-admin-your-password' },
    );
    if (added) {
      setUsername('');
      setPassword('');
      setYours('');
    }
  };

  return (
    <Part
      title="Add an admin"
      intro="They sign in at /admin/login with this username and password (at least 12 characters, not a common one). Your own password confirms it is you."
    >
      <form ref={form} className="admins__form" onSubmit={submit} noValidate aria-label="Add an admin">
        <TextField
          id="new-admin-username"
          label="Username"
          autoComplete="off"
          value={username}
          error={errors.username ?? null}
          onValueChange={(value) => {
            setUsername(value);
            clear();
          }}
        />
        <TextField
          id="new-admin-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password ?? null}
          onValueChange={(value) => {
            setPassword(value);
            clear();
          }}
        />
        <TextField
          id="add-admin-your-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={yours}
          error={errors.current_password ?? null}
          onValueChange={(value) => {
            setYours(value);
            clear();
          }}
        />
        <div className="admins__actions">
          <SubmitButton busy={busy} busyText="Adding…">
            Add admin
          </SubmitButton>
        </div>
        {said}
      </form>
    </Part>
  );
}

function ChangePassword({ onSignedOut }: { onSignedOut: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { errors, busy, send, said, form, clear } = useSmallForm(onSignedOut);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed = await send(() => changePassword(current, next), {
      current_password: 'current-password',
      new_password: 'new-password',
    });
    if (changed) {
      setCurrent('');
      setNext('');
    }
  };

  return (
    <Part title="Change my password" intro="Your other sessions are signed out; this one stays.">
      <form ref={form} className="admins__form" onSubmit={submit} noValidate aria-label="Change my password">
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          error={errors.current_password ?? null}
          onValueChange={(value) => {
            setCurrent(value);
            clear();
          }}
        />
        <TextField
          id="new-password"
          label="New password"
          hint="At least 12 characters, not a common password."
          type="password"
          autoComplete="new-password"
          value={next}
          error={errors.new_password ?? null}
          onValueChange={(value) => {
            setNext(value);
            clear();
          }}
        />
        <div className="admins__actions">
          <SubmitButton busy={busy} busyText="Changing…">
            Change password
          </SubmitButton>
        </div>
        {said}
      </form>
    </Part>
  );
}

function SignOutEverywhere({ onDone, onSignedOut }: { onDone: () => void; onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Part title="Sign out everywhere" intro="Ends every session of your account, on every device, this one too. Use it if a phone or laptop is lost.">
      <div className="admins__actions">
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await signOutEverywhere();
              onDone();
            } catch (cause) {
              setBusy(false);
              if (cause instanceof SignedOut) onSignedOut();
              else notifyError('We could not sign you out', cause instanceof Error ? cause.message : null);
            }
          }}
        >
          {busy ? 'Signing out…' : 'Sign out everywhere'}
        </button>
      </div>
    </Part>
  );
}
