import { useRef, useState, type FormEvent } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { TextField } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { SubmitButton } from '@/components/ui/submit-button';
import { getStudioFacts, saveStudioFacts, type StudioFacts, type StudioSettings } from '../api/studio-facts-api';
import './settings.css';

type Key = keyof StudioFacts;
type Limits = StudioSettings['limits'];

/** One field of the form: its label, its limit, and how a browser may fill it in. */
interface FieldInfo {
  key: Key;
  label: string;
  limit: (limits: Limits) => number;
  hint?: string;
  type?: 'email' | 'tel' | 'url';
  autoComplete?: string;
  wide?: boolean;
}

/** The form's parts, in the order the studio reads them. */
const PARTS: { title: string; fields: FieldInfo[] }[] = [
  {
    title: 'Name',
    fields: [
      { key: 'name', label: 'Studio name', limit: (l) => l.name, hint: 'As the nav and the mails show it.', autoComplete: 'organization' },
      { key: 'tagline', label: 'Tagline', limit: (l) => l.tagline, hint: 'Under the name in the nav.' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { key: 'phone', label: 'Phone', limit: (l) => l.phone, type: 'tel', hint: 'A UK number, as people write it.', autoComplete: 'tel' },
      { key: 'email', label: 'E-mail', limit: (l) => l.email, type: 'email', autoComplete: 'email' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { key: 'address_line_1', label: 'Address line 1', limit: (l) => l.line, autoComplete: 'address-line1', wide: true },
      { key: 'address_line_2', label: 'Address line 2 (optional)', limit: (l) => l.line, autoComplete: 'address-line2', wide: true },
      { key: 'address_line_3', label: 'Address line 3 (optional)', limit: (l) => l.line, autoComplete: 'address-line3', wide: true },
      { key: 'town', label: 'Town', limit: (l) => l.line, hint: 'Also where the studio delivers.', autoComplete: 'address-level2' },
      { key: 'postcode', label: 'Postcode', limit: (l) => l.postcode, hint: 'Collections are from its district.', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Social links (optional)',
    fields: [
      { key: 'instagram', label: 'Instagram', limit: (l) => l.link, type: 'url', wide: true },
      { key: 'facebook', label: 'Facebook', limit: (l) => l.link, type: 'url', wide: true },
      { key: 'pinterest', label: 'Pinterest', limit: (l) => l.link, type: 'url', wide: true },
    ],
  },
];

export interface StudioFactsSettingsProps {
  onSignedOut: () => void;
  /** The facts were saved: the shop's pages should show them now. */
  onSaved: () => void;
}

/**
 * The studio's own facts (name, phone, e-mail, address, social links), checked by core on the
 * server: each field at fault gets its sentence beside it, and nothing typed is lost.
 */
export function StudioFactsSettings({ onSignedOut, onSaved }: StudioFactsSettingsProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-studio-facts', (signal) => getStudioFacts(signal), { onError });

  if (query.status === 'loading') return <AdminLoading>Fetching the studio’s details…</AdminLoading>;
  if (query.status === 'error') return <AdminRetry onRetry={query.retry}>We couldn’t fetch the studio’s details.</AdminRetry>;
  return (
    <StudioFactsForm
      saved={query.data}
      onSaved={(settings) => {
        query.setData(() => settings);
        onSaved();
      }}
      onSignedOut={() => lost()}
    />
  );
}

interface StudioFactsFormProps {
  saved: StudioSettings;
  onSaved: (settings: StudioSettings) => void;
  onSignedOut: () => void;
}

function StudioFactsForm({ saved, onSaved, onSignedOut }: StudioFactsFormProps) {
  const [facts, setFacts] = useState<StudioFacts>(saved.facts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const report = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  const set = (key: Key, value: string) => {
    setFacts((current) => ({ ...current, [key]: value }));
    setMessage(null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const now = await saveStudioFacts(facts, saved.version);
      setFacts(now.facts);
      setErrors({});
      onSaved(now);
      setMessage({ text: 'Saved. Every page shows the new details now.', error: false });
      report.current?.focus();
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      if (cause instanceof CallRefused) {
        setErrors(cause.fields);
        setMessage({ text: cause.message, error: true });
        // The first field at fault, in the form's order, takes the focus.
        const first = PARTS.flatMap((part) => part.fields).find((field) => cause.fields[field.key]);
        const control = first && form.current?.querySelector<HTMLInputElement>(`#studio-${first.key}`);
        if (control) control.focus();
        else report.current?.focus();
      } else {
        notifyError('The studio’s details were not saved', cause instanceof Error ? cause.message : null);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="settings" onSubmit={save} noValidate aria-label="The studio">
      {PARTS.map((part) => (
        <fieldset key={part.title} className="settings__part">
          <legend className="settings__title">{part.title}</legend>
          <div className="settings__grid">
            {part.fields.map((field) => (
              <TextField
                key={field.key}
                id={`studio-${field.key}`}
                className={field.wide ? 'settings__fact settings__fact--wide' : 'settings__fact'}
                label={field.label}
                hint={field.hint}
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete ?? 'off'}
                maxLength={field.limit(saved.limits)}
                value={facts[field.key]}
                error={errors[field.key] ?? null}
                onValueChange={(value) => set(field.key, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div ref={report} tabIndex={-1} className="settings__report" role="status">
        {message && <p className={message.error ? 'notice notice--error' : 'notice'}>{message.text}</p>}
      </div>
      <div className="admin-actions">
        <SubmitButton busy={busy}>
          Save the studio’s details
        </SubmitButton>
      </div>
    </form>
  );
}
