import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
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

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled text box: a Field around an input. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onValueChange, error, hint, className, id, ...input },
  ref,
) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
});
