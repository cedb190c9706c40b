import { forwardRef, useId, type ForwardRefExoticComponent, type InputHTMLAttributes, type ReactNode, type RefAttributes, type TextareaHTMLAttributes } from 'react';
import './field.css';

/** What a field gives its control: its id, and its error and hint tied to it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  /** The control's id; one is made when not given. */
  id?: string;
  label: ReactNode;
  /** Why the value is not right yet; shown by the control and read with it. */
  error?: string | null;
  hint?: ReactNode;
  /**
   * Where the hint stands: under the label (`top`), between the control and its error
   * (`middle`, read before the error), or last (`bottom`, the default).
   */
  hintAt?: 'top' | 'middle' | 'bottom';
  className?: string;
  /** The control itself, given its id and ARIA ties. */
  children: (control: ControlProps) => ReactNode;
}

/** A label over a control, with its hint and its error tied to it (aria-invalid, aria-describedby). */
export function Field({ id: givenId, label, error, hint, hintAt = 'bottom', className, children }: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = (hintAt === 'middle' ? [hintId, errorId] : [errorId, hintId]).filter(Boolean).join(' ') || undefined;
  const hintText = hint && (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  );

  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hintAt === 'top' && hintText}
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hintAt === 'middle' && hintText}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hintAt === 'bottom' && hintText}
    </div>
  );
}

/** What a typed box takes besides its element's own attributes. */
interface Typed {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  hintAt?: FieldProps['hintAt'];
}

export type TextFieldProps = Typed & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;
export type TextAreaFieldProps = Typed & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'>;

/** A Field around a box one types in (an input or a textarea), its value as text. */
function typedField<E extends HTMLInputElement | HTMLTextAreaElement, P extends Typed>(Box: 'input' | 'textarea', name: string) {
  const field = forwardRef<E, Typed & { className?: string; id?: string }>(function Typed({ label, value, onValueChange, error, hint, hintAt, className, id, ...own }, ref) {
    const Control = Box as 'input';
    return (
      <Field id={id} label={label} error={error} hint={hint} hintAt={hintAt} className={className}>
        {(control) => (
          <Control {...own} {...control} ref={ref as never} className="field__input" value={value} onChange={(event) => onValueChange(event.target.value)} />
        )}
      </Field>
    );
  });
  field.displayName = name;
  return field as unknown as ForwardRefExoticComponent<P & RefAttributes<E>>;
}

/** A labelled text box: a Field around an input. */
export const TextField = typedField<HTMLInputElement, TextFieldProps>('input', 'TextField');

/** A labelled box of lines: a Field around a textarea. */
export const TextAreaField = typedField<HTMLTextAreaElement, TextAreaFieldProps>('textarea', 'TextAreaField');

export type TextFieldWithButtonProps = Omit<Typed, 'hint' | 'hintAt'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
    /** What stands beside the box, e.g. the form's submit button. */
    button: ReactNode;
  };

/**
 * A labelled text box with a button beside it on one line (a look-up, a code to apply), its error
 * under both: the small forms that are one box and the button that sends it.
 */
export function TextFieldWithButton({ label, value, onValueChange, error, button, id, className, ...own }: TextFieldWithButtonProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      {(control) => (
        <div className="field__row">
          <input {...own} {...control} className="field__input" value={value} onChange={(event) => onValueChange(event.target.value)} />
          {button}
        </div>
      )}
    </Field>
  );
}

/**
 * What a box for a code (a gift voucher's, an offer's) takes besides its label: no suggestions or
 * spelling marks, capitals on a phone's keyboard, and `field--code` (field.css), which shows what
 * is typed in even capitals, as the code is printed.
 */
export const CODE_BOX = { className: 'field--code', name: 'code', autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false } as const;
