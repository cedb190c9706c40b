import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { Field } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { enquiryTypes } from '@/lib/core';
import { replyMail } from '@/lib/core-admin';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { SubmitButton } from '@/components/ui/submit-button';
import { listEnquiries, markRead, sendReply, setStatus, type Enquiry, type EnquiryStatus } from '../api/inbox-api';
import './inbox.css';

/** The inbox's word for each status: keyed by the API's list, so a status added in core fails the typecheck until it is named here. */
const STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };

const FILTERS: { value: EnquiryStatus | 'all'; label: string }[] = [
  ...(Object.keys(STATUS_LABELS) as EnquiryStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] })),
  { value: 'all', label: 'All' },
];

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** "Wedding flowers", the contact form's words for the kind of enquiry. */
function about(type: string): string {
  return enquiryTypes().find((choice) => choice.value === type)?.label ?? type;
}

export interface InboxProps {
  /** The session ended: the page goes to the sign-in. */
  onSignedOut: () => void;
  /** Told when the number of new enquiries may have changed (the menu's count). */
  onChanged: () => void;
}

/**
 * The studio's inbox: enquiries by status, newest first; opening one marks it read; a reply is
 * written here (greeting, text and signature, the whole mail shown before it goes) and mailed
 * (answers come back to the studio), and the enquiry becomes answered.
 */
export function Inbox({ onSignedOut, onChanged }: InboxProps) {
  const [params, setParams] = useSearchParams();
  const filter = (params.get('show') as EnquiryStatus | 'all' | null) ?? 'new';
  const openId = Number(params.get('open')) || null;
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('inbox', (signal) => listEnquiries(signal), { onError });

  const replace = useCallback(
    (changed: Enquiry) => {
      query.setData((list) => (list ?? []).map((enquiry) => (enquiry.id === changed.id ? changed : enquiry)));
      onChanged();
    },
    [query, onChanged],
  );

  const failed = useCallback((cause: unknown) => {
    if (cause instanceof SignedOut) return lost();
    notifyError('The inbox could not do that', cause instanceof Error ? cause.message : null);
  }, [lost]);

  const open = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('open', String(id));
      else next.delete('open');
      return next;
    });

  const enquiries = query.status === 'loaded' ? query.data : [];
  const opened = enquiries.find((enquiry) => enquiry.id === openId) ?? null;

  // Opening an unread enquiry marks it read (once).
  const marking = useRef(new Set<number>());
  useEffect(() => {
    if (!opened || opened.read || marking.current.has(opened.id)) return;
    marking.current.add(opened.id);
    markRead(opened.id).then(replace, failed);
  }, [opened, replace, failed]);

  if (query.status === 'loading') return <AdminLoading>Opening the inbox…</AdminLoading>;
  if (query.status === 'error') return <AdminRetry onRetry={query.retry}>We couldn’t open the inbox.</AdminRetry>;

  const shown = enquiries.filter((enquiry) => filter === 'all' || enquiry.status === filter);
  const count = (status: EnquiryStatus | 'all') => enquiries.filter((enquiry) => status === 'all' || enquiry.status === status).length;

  return (
    <div className="inbox" data-open={opened ? true : undefined}>
      <section className="inbox__list" aria-label="Enquiries">
        <nav className="inbox__filters" aria-label="Show enquiries">
          {FILTERS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              className="inbox__filter"
              aria-pressed={filter === value}
              onClick={() =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('show', value);
                  return next;
                })
              }
            >
              {label} <span className="inbox__count">{count(value)}</span>
            </button>
          ))}
        </nav>
        {shown.length === 0 ? (
          <p className="admin-quiet">{filter === 'new' ? 'Nothing waiting for an answer.' : 'No enquiries here.'}</p>
        ) : (
          <ul className="admin-list">
            {shown.map((enquiry) => (
              <li key={enquiry.id}>
                <button
                  type="button"
                  className="inbox__item admin-row"
                  aria-current={enquiry.id === openId ? 'true' : undefined}
                  data-unread={!enquiry.read || undefined}
                  onClick={() => open(enquiry.id)}
                >
                  <span className="inbox__item-head">
                    <span className="inbox__name">
                      {enquiry.name}
                      {!enquiry.read && (
                        <>
                          {' '}
                          <span className="visually-hidden">(unread)</span>
                        </>
                      )}
                    </span>
                    <time dateTime={enquiry.received_at}>{when.format(new Date(enquiry.received_at))}</time>
                  </span>
                  <span className="inbox__about">{about(enquiry.enquiry_type)}</span>
                  <span className="inbox__snippet">{enquiry.message}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {opened && <EnquiryDetail key={opened.id} enquiry={opened} onBack={() => open(null)} onChanged={replace} onFailed={failed} />}
    </div>
  );
}

interface EnquiryDetailProps {
  enquiry: Enquiry;
  onBack: () => void;
  onChanged: (enquiry: Enquiry) => void;
  onFailed: (cause: unknown) => void;
}

/** The reply's parts, in the order the mail has them (and the form, and the server's fields). */
type ReplyPart = 'greeting' | 'body' | 'signature';
const PARTS: ReplyPart[] = ['greeting', 'body', 'signature'];

/** One enquiry: who, what about, the message, the replies sent, and the reply with its preview. */
function EnquiryDetail({ enquiry, onBack, onChanged, onFailed }: EnquiryDetailProps) {
  const headingId = useId();
  // Offered by the server ("Dear Hannah,", the studio's sign-off) and the florist's to change:
  // the letter adds nothing of its own, so what the preview shows is what is sent.
  const [greeting, setGreeting] = useState(enquiry.greeting);
  const [reply, setReply] = useState('');
  const [signature, setSignature] = useState(enquiry.sign_off);
  const [errors, setErrors] = useState<Partial<Record<ReplyPart, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const boxes = {
    greeting: useRef<HTMLInputElement>(null),
    body: useRef<HTMLTextAreaElement>(null),
    signature: useRef<HTMLTextAreaElement>(null),
  };

  useEffect(() => heading.current?.focus(), []);

  const edit = (part: ReplyPart, value: string) => {
    ({ greeting: setGreeting, body: setReply, signature: setSignature })[part](value);
    setErrors((current) => ({ ...current, [part]: undefined }));
    setSent(null);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSent(null);
    try {
      onChanged(await sendReply(enquiry.id, { greeting, body: reply, signature }));
      // The next reply starts afresh, with what was offered.
      setGreeting(enquiry.greeting);
      setReply('');
      setSignature(enquiry.sign_off);
      setSent(`Your reply was sent to ${enquiry.email}.`);
    } catch (cause) {
      const fields = cause instanceof CallRefused ? PARTS.filter((part) => cause.fields[part]) : [];
      if (cause instanceof CallRefused && fields.length > 0) {
        setErrors(Object.fromEntries(fields.map((part) => [part, cause.fields[part]])));
        boxes[fields[0]!].current?.focus();
      } else onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  const move = async (status: EnquiryStatus) => {
    setBusy(true);
    try {
      onChanged(await setStatus(enquiry.id, status));
    } catch (cause) {
      onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="inbox__detail" aria-labelledby={headingId}>
      <button type="button" className="button button--quiet button--small inbox__back" onClick={onBack}>
        Back to the inbox
      </button>
      <header className="inbox__detail-head spread">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="inbox__detail-title">
          {enquiry.name}
        </h2>
        <p className="inbox__status" data-status={enquiry.status}>
          {FILTERS.find((f) => f.value === enquiry.status)?.label}
        </p>
      </header>
      <dl className="inbox__facts">
        <div>
          <dt>About</dt>
          <dd>{about(enquiry.enquiry_type)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
          </dd>
        </div>
        {enquiry.phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${enquiry.phone.replace(/\s+/g, '')}`}>{enquiry.phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>Received</dt>
          <dd>
            <time dateTime={enquiry.received_at}>{when.format(new Date(enquiry.received_at))}</time>
          </dd>
        </div>
      </dl>
      <p className="inbox__message">{enquiry.message}</p>

      {enquiry.replies.length > 0 && (
        <section aria-label="Replies sent" className="inbox__replies">
          {enquiry.replies.map((sent) => (
            <div key={sent.sent_at + sent.body} className="inbox__reply">
              <p className="inbox__reply-meta">
                {sent.sent_by} replied, <time dateTime={sent.sent_at}>{when.format(new Date(sent.sent_at))}</time>
              </p>
              <p className="inbox__message">{sent.body}</p>
            </div>
          ))}
        </section>
      )}

      <form className="inbox__reply-form" onSubmit={send} noValidate>
        <Field id={`${headingId}-greeting`} label="Greeting" error={errors.greeting}>
          {(control) => (
            <input {...control} ref={boxes.greeting} className="field__input" value={greeting} onChange={(event) => edit('greeting', event.target.value)} />
          )}
        </Field>
        <Field id={`${headingId}-reply`} label={`Reply to ${enquiry.name}`} error={errors.body} hint="Sent by e-mail from the shop; their answer comes back to the studio’s address.">
          {(control) => (
            <textarea
              {...control}
              ref={boxes.body}
              className="field__input inbox__reply-box"
              rows={6}
              value={reply}
              onChange={(event) => edit('body', event.target.value)}
            />
          )}
        </Field>
        <Field id={`${headingId}-signature`} label="Signature" error={errors.signature}>
          {(control) => (
            <textarea
              {...control}
              ref={boxes.signature}
              className="field__input"
              rows={2}
              value={signature}
              onChange={(event) => edit('signature', event.target.value)}
            />
          )}
        </Field>
        <section className="inbox__preview" aria-labelledby={`${headingId}-preview`}>
          <h3 id={`${headingId}-preview`} className="inbox__preview-title">
            The e-mail {enquiry.email} will receive
          </h3>
          {/* Core writes it, as the server will: the same greeting, text, signature and quote. */}
          <pre className="inbox__preview-text">{replyMail(greeting, reply, signature, enquiry.message)}</pre>
        </section>
        <div className="admin-actions">
          <SubmitButton busy={busy} busyText="Sending…">
            Send reply
          </SubmitButton>
          {enquiry.status === 'closed' ? (
            <button type="button" className="button button--quiet" disabled={busy} onClick={() => void move('new')}>
              Open again
            </button>
          ) : (
            <button type="button" className="button button--quiet" disabled={busy} onClick={() => void move('closed')}>
              Close
            </button>
          )}
        </div>
        <p role="status" className="inbox__sent">
          {sent}
        </p>
      </form>
    </article>
  );
}
