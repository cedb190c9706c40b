import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { notifyError } from '@/components/ui/notify';
import type { DeliverySettings } from '@/lib/api-client';
import { useQuery } from '@/lib/use-query';
import { SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { monthNames } from '@/lib/core-admin';
import { SubmitButton } from '@/components/ui/submit-button';
import { ClosingDaysWithOrdersError, getSettings, saveSettings, SettingsRefused, type AdminDeliverySettings, type OrderOnClosedDay } from '../api/settings-api';
import './settings.css';

type Week = DeliverySettings['opening_hours'];
type Weekday = keyof Week;

/** The week from Monday, each day as the settings name it and as the studio reads it. */
const WEEK = (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const satisfies readonly Weekday[]).map((day) => ({
  day,
  label: day[0]!.toUpperCase() + day.slice(1),
}));

/** Two digits, as the wire's `MM-DD` writes a month or a day. */
const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A day closed every year, chosen as a day and a month ("25" "December"), kept as the wire's
 * `MM-DD`; the core refuses a day the month does not have when the settings are saved.
 */
function DayOfYear({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const [month = '', day = ''] = value.split('-');
  const set = (nextDay: string, nextMonth: string) => onChange(`${nextMonth || '01'}-${nextDay || '01'}`);
  return (
    <fieldset className="settings__field settings__day-of-year">
      <legend>Every year on</legend>
      <select className="field__select" aria-label="Day" value={day} onChange={(event) => set(event.target.value, month)}>
        {day === '' && <option value="">Day</option>}
        {Array.from({ length: 31 }, (_, i) => twoDigits(i + 1)).map((d) => (
          <option key={d} value={d}>
            {Number(d)}
          </option>
        ))}
      </select>
      <select className="field__select" aria-label="Month" value={month} onChange={(event) => set(day, event.target.value)}>
        {month === '' && <option value="">Month</option>}
        {monthNames().map((name, i) => (
          <option key={name} value={twoDigits(i + 1)}>
            {name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}

/** `12-25` → "25 December"; as it came when it is not a day and month. */
function yearlyWords(value: string): string {
  const [month, day] = value.split('-').map(Number);
  const name = month ? monthNames()[month - 1] : undefined;
  return name && day ? `${day} ${name}` : value;
}

/** Hours a day gets when it is opened: the studio's usual. */
const USUAL = { open: '09:00', close: '17:00' };

export interface SettingsProps {
  onSignedOut: () => void;
  /** The settings were saved: the site's opening hours should follow now. */
  onSaved?: () => void;
}

/**
 * The studio's opening hours, closed days and delivery settings, saved together; the core checks
 * them on the server and each problem it finds is listed in its words. The site's hours, the
 * checkout's days and the fees follow at once.
 */
export function Settings({ onSignedOut, onSaved }: SettingsProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-settings', (signal) => getSettings(signal), { onError });

  if (query.status === 'loading') return <AdminLoading>Fetching the settings…</AdminLoading>;
  if (query.status === 'error') return <AdminRetry onRetry={query.retry}>We couldn’t fetch the settings.</AdminRetry>;
  return (
    <SettingsForm
      saved={query.data}
      onSaved={(settings) => {
        query.setData(() => settings);
        onSaved?.();
      }}
      onSignedOut={() => lost()}
    />
  );
}

function Part({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <fieldset className="settings__part">
      <legend className="settings__title">{title}</legend>
      {intro && <p className="settings__intro">{intro}</p>}
      {children}
    </fieldset>
  );
}

interface SettingsFormProps {
  saved: AdminDeliverySettings;
  onSaved: (settings: AdminDeliverySettings) => void;
  onSignedOut: () => void;
}

function SettingsForm({ saved, onSaved, onSignedOut }: SettingsFormProps) {
  // The version the settings were loaded (or last saved) at rides along in the form, and goes
  // back with the save: someone else's save since refuses it, and what was typed stays.
  const [form, setForm] = useState<AdminDeliverySettings>(saved);
  const [problems, setProblems] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Orders on the days these settings would close, as the server listed them: shown before
  // anything is saved, and closed anyway only when the studio says so.
  const [closing, setClosing] = useState<{ message: string; orders: OrderOnClosedDay[] } | null>(null);
  const report = useRef<HTMLDivElement>(null);

  const change = (update: (current: AdminDeliverySettings) => AdminDeliverySettings) => {
    setForm(update);
    setMessage(null);
    // A warning was about the settings as they were sent; changed, they are asked about afresh.
    setClosing(null);
  };
  const setDay = (day: Weekday, hours: Week[Weekday]) => change((f) => ({ ...f, opening_hours: { ...f.opening_hours, [day]: hours } }));
  const list = <K extends 'zones' | 'slots' | 'closed_on' | 'closed_every_year'>(key: K, at: number, patch: Partial<DeliverySettings[K][number]>) =>
    change((f) => ({ ...f, [key]: f[key].map((item, i) => (i === at ? { ...item, ...patch } : item)) }));
  const remove = (key: 'closed_on' | 'closed_every_year', at: number) => change((f) => ({ ...f, [key]: f[key].filter((_, i) => i !== at) }));
  // Limits as typed, so a typo is shown and refused rather than read as "no limit".
  const [limits, setLimits] = useState<Record<string, string>>(() => ({
    collection: saved.collection_capacity?.toString() ?? '',
    ...Object.fromEntries(saved.slots.map((slot, at) => [`slot-${at}`, slot.capacity?.toString() ?? ''])),
  }));
  const setLimit = (key: string, value: string) => {
    setLimits((current) => ({ ...current, [key]: value }));
    setMessage(null);
  };
  /** A limit as the settings hold it: empty is none; anything but a whole number is refused. */
  const limit = (typed: string | undefined): number | null | undefined => {
    const text = (typed ?? '').trim();
    if (text === '') return null;
    return /^\d+$/.test(text) ? Number(text) : undefined;
  };

  const save = async (event: FormEvent | null, warnedOf: number[] = []) => {
    event?.preventDefault();
    const collection = limit(limits.collection);
    const slotLimits = form.slots.map((_, at) => limit(limits[`slot-${at}`]));
    const unread = [
      ...(collection === undefined ? ['Collections a day must be a whole number, or empty for no limit.'] : []),
      ...form.slots.flatMap((slot, at) =>
        slotLimits[at] === undefined ? [`Deliveries a day in the ${slot.name} slot must be a whole number, or empty for no limit.`] : [],
      ),
    ];
    if (unread.length > 0) {
      setProblems(unread);
      report.current?.focus();
      return;
    }
    const settings: AdminDeliverySettings = {
      ...form,
      collection_capacity: collection ?? null,
      slots: form.slots.map((slot, at) => ({ ...slot, capacity: slotLimits[at] ?? null })),
    };
    setBusy(true);
    setProblems([]);
    setMessage(null);
    setClosing(null);
    try {
      const now = await saveSettings(settings, warnedOf);
      onSaved(now);
      setForm(now);
      setMessage('Saved. The shop uses the new settings now.');
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      if (cause instanceof ClosingDaysWithOrdersError) return setClosing({ message: cause.message, orders: cause.orders });
      if (cause instanceof SettingsRefused) setProblems(cause.problems.length ? cause.problems : [cause.message]);
      else notifyError('The settings were not saved', cause instanceof Error ? cause.message : null);
    } finally {
      setBusy(false);
      report.current?.focus();
    }
  };

  return (
    <form className="settings" onSubmit={save} noValidate aria-label="Opening hours and delivery">
      <Part title="Opening hours" intro="Days and times the studio is open: collections and deliveries fit inside them.">
        <div className="settings__week">
          {WEEK.map(({ day, label }) => {
            const hours = form.opening_hours[day];
            return (
              <div key={day} className="settings__day">
                <label className="check-row settings__day-name">
                  <input type="checkbox" checked={!!hours} onChange={(event) => setDay(day, event.target.checked ? USUAL : null)} />
                  <span>{label}</span>
                </label>
                {hours ? (
                  <>
                    <label className="settings__time">
                      <span>Opens</span>
                      <input
                        type="time"
                        className="field__input"
                        value={hours.open}
                        onChange={(event) => setDay(day, { ...hours, open: event.target.value })}
                        aria-label={`${label} opens`}
                      />
                    </label>
                    <label className="settings__time">
                      <span>Closes</span>
                      <input
                        type="time"
                        className="field__input"
                        value={hours.close}
                        onChange={(event) => setDay(day, { ...hours, close: event.target.value })}
                        aria-label={`${label} closes`}
                      />
                    </label>
                  </>
                ) : (
                  <span className="settings__closed">Closed</span>
                )}
              </div>
            );
          })}
        </div>
      </Part>

      <Part title="Closed days" intro="Single days off (a holiday, a wedding weekend) and the days closed every year.">
        <ul className="settings__rows">
          {form.closed_on.map((closure, at) => (
            <li key={at} className="settings__row">
              <label className="settings__field">
                <span>Date</span>
                <input type="date" className="field__input" value={closure.date} onChange={(event) => list('closed_on', at, { date: event.target.value })} />
              </label>
              <label className="settings__field settings__field--wide">
                <span>Closed for</span>
                <input className="field__input" value={closure.reason} onChange={(event) => list('closed_on', at, { reason: event.target.value })} />
              </label>
              <button type="button" className="button button--quiet button--small" onClick={() => remove('closed_on', at)}>
                Remove{' '}<span className="visually-hidden">{closure.date || 'this day'}</span>
              </button>
            </li>
          ))}
          {form.closed_every_year.map((closure, at) => (
            <li key={`yearly-${at}`} className="settings__row">
              <DayOfYear value={closure.day} onChange={(day) => list('closed_every_year', at, { day })} />
              <label className="settings__field settings__field--wide">
                <span>Closed for</span>
                <input className="field__input" value={closure.reason} onChange={(event) => list('closed_every_year', at, { reason: event.target.value })} />
              </label>
              <button type="button" className="button button--quiet button--small" onClick={() => remove('closed_every_year', at)}>
                Remove{' '}<span className="visually-hidden">{yearlyWords(closure.day)}, every year</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="admin-actions">
          <button type="button" className="button button--quiet button--small" onClick={() => change((f) => ({ ...f, closed_on: [...f.closed_on, { date: '', reason: '' }] }))}>
            Add a day off
          </button>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => change((f) => ({ ...f, closed_every_year: [...f.closed_every_year, { day: '', reason: '' }] }))}
          >
            Add a day closed every year
          </button>
        </div>
      </Part>

      <Part title="Delivery" intro="Fees by postcode district, free delivery, the same-day cut-off, and the slots with their surcharges and limits.">
        <div className="settings__grid">
          <label className="settings__field">
            <span>Same-day delivery ordered by</span>
            <input type="time" className="field__input" value={form.same_day_delivery_cut_off} onChange={(event) => change((f) => ({ ...f, same_day_delivery_cut_off: event.target.value }))} />
          </label>
          <label className="settings__field">
            <span>Free delivery on flowers from (£; empty: never)</span>
            <input
              className="field__input"
              inputMode="decimal"
              value={form.free_delivery_from ?? ''}
              onChange={(event) => change((f) => ({ ...f, free_delivery_from: event.target.value.trim() === '' ? null : event.target.value.trim() }))}
            />
          </label>
          <label className="settings__field">
            <span>Collections a day (empty: no limit)</span>
            <input
              className="field__input"
              inputMode="numeric"
              value={limits.collection ?? ''}
              onChange={(event) => setLimit('collection', event.target.value)}
            />
          </label>
        </div>
        <h2 className="settings__subtitle">Zones</h2>
        <ul className="settings__rows">
          {form.zones.map((zone, at) => (
            <li key={at} className="settings__row">
              <label className="settings__field">
                <span>Zone</span>
                <input className="field__input" value={zone.name} onChange={(event) => list('zones', at, { name: event.target.value })} />
              </label>
              <label className="settings__field settings__field--wide">
                <span>Postcode districts, separated by commas</span>
                <input
                  className="field__input"
                  value={zone.districts.join(', ')}
                  onChange={(event) =>
                    list('zones', at, {
                      districts: event.target.value
                        .split(',')
                        .map((district) => district.trim().toUpperCase())
                        .filter(Boolean),
                    })
                  }
                />
              </label>
              <label className="settings__field settings__field--narrow">
                <span>Fee (£)</span>
                <input className="field__input" inputMode="decimal" value={zone.fee} onChange={(event) => list('zones', at, { fee: event.target.value.trim() })} />
              </label>
            </li>
          ))}
        </ul>
        <h2 className="settings__subtitle">Slots</h2>
        <ul className="settings__rows">
          {form.slots.map((slot, at) => (
            <li key={slot.name} className="settings__row">
              <span className="settings__slot-name">{slot.name}</span>
              <label className="settings__field settings__field--narrow">
                <span>From</span>
                <input type="time" className="field__input" value={slot.start} onChange={(event) => list('slots', at, { start: event.target.value })} />
              </label>
              <label className="settings__field settings__field--narrow">
                <span>To</span>
                <input type="time" className="field__input" value={slot.end} onChange={(event) => list('slots', at, { end: event.target.value })} />
              </label>
              <label className="settings__field settings__field--narrow">
                <span>Surcharge (£)</span>
                <input className="field__input" inputMode="decimal" value={slot.surcharge} onChange={(event) => list('slots', at, { surcharge: event.target.value.trim() })} />
              </label>
              <label className="settings__field settings__field--narrow">
                <span>Deliveries a day (empty: no limit)</span>
                <input
                  className="field__input"
                  inputMode="numeric"
                  value={limits[`slot-${at}`] ?? ''}
                  onChange={(event) => setLimit(`slot-${at}`, event.target.value)}
                />
              </label>
              <label className="check-row">
                <input type="checkbox" checked={slot.same_day} onChange={(event) => list('slots', at, { same_day: event.target.checked })} />
                <span>Same day</span>
              </label>
            </li>
          ))}
        </ul>
      </Part>

      <div ref={report} tabIndex={-1} className="settings__report" role="status">
        {problems.length > 0 && (
          <div className="notice notice--error">
            <p>The settings were not saved:</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
        {message && <p className="notice">{message}</p>}
        {closing && (
          <div className="notice notice--error settings__closing">
            <p>{closing.message}</p>
            <ul aria-label="Orders on the days being closed">
              {closing.orders.map((order) => (
                <li key={order.id}>
                  <Link to={`/admin/orders/${order.id}`}>{order.reference}</Link> · {order.customer} · {order.method === 'delivery' ? 'delivery' : 'collection'} on{' '}
                  {order.day} ({order.closed})
                </li>
              ))}
            </ul>
            <div className="admin-actions">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  void save(
                    null,
                    closing.orders.map((order) => order.id),
                  )
                }
              >
                Close anyway
              </button>
              <button
                type="button"
                className="button button--quiet"
                disabled={busy}
                onClick={() => {
                  setClosing(null);
                  report.current?.focus();
                }}
              >
                Go back
              </button>
            </div>
          </div>
        )}
      </div>
      <div className="admin-actions">
        <SubmitButton busy={busy}>
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}
