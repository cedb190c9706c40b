import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { login } from '../api/auth-api';
import { sessionStore } from '../stores/session-store';
import './login-form.css';

export interface LoginFormProps {
  /** Called once the server has signed the admin in. */
  onSignedIn: () => void;
}

/** The admin's sign-in: username and password, the server's own sentence when it says no. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!username.trim()) missing.username = 'Please enter your username.';
    if (!password) missing.password = 'Please enter your password.';
    setFields(missing);
    if (Object.keys(missing).length > 0) {
      setMessage(null);
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await login(username.trim(), password);
    setBusy(false);
    if (result.ok) {
      sessionStore.set(result.me);
      onSignedIn();
      return;
    }
    setMessage(result.message);
    setFields(result.fields ?? {});
    // A wrong password is cleared for the next try; one refused unchecked (too many attempts,
    // or too many people signing in at once) is kept, as typed, for pressing again later.
    if (result.wrongPassword) setPassword('');
  };

  /** What both boxes share: an id, the name, the value, its complaint and its changes. */
  const box = (name: 'username' | 'password', value: string, onValueChange: (value: string) => void) => ({
    id: `${id}-${name}`,
    name,
    required: true,
    value,
    error: fields[name],
    onValueChange,
  });

  return (
    <form className="card login-form" onSubmit={submit} noValidate aria-describedby={message ? `${id}-message` : undefined}>
      {message && (
        <p id={`${id}-message`} className="notice notice--error login-form__message" role="alert">
          {message}
        </p>
      )}
      <TextField {...box('username', username, setUsername)} label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      <TextField {...box('password', password, setPassword)} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busy={busy} busyText="Signing in…" className="button--block">
        Sign in
      </SubmitButton>
    </form>
  );
}
