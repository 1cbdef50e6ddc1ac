import { useTranslation } from 'react-i18next';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './form-fields.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  /** The message under the field (announced and tied to the input). */
  error?: string;
  /** Marks the input invalid without a message under it (the form shows the message). */
  invalid?: boolean;
  hint?: ReactNode;
};

/** The label, control, hint and error of one field, with the aria wiring between them. */
function Field({
  name,
  label,
  error,
  invalid,
  hint,
  control,
}: {
  name: string;
  label: string;
  error?: string;
  invalid?: boolean;
  hint?: ReactNode;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const isInvalid = Boolean(error) || Boolean(invalid);
  return (
    <div className={`field${isInvalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        'aria-invalid': isInvalid ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint ? <div className="field__hint">{hint}</div> : null}
      {error ? (
        <p id={errorId} className="field__error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text, e-mail or password input. */
export function TextField({
  label,
  name,
  value,
  onValue,
  error,
  invalid,
  hint,
  type = 'text',
  ...rest
}: TextFieldProps) {
  return (
    <Field
      name={name}
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      control={(aria) => (
        <input
          {...aria}
          name={name}
          type={type}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          {...rest}
        />
      )}
    />
  );
}

/** A password input with a show-password toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <div className="field-password">
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="field-password__toggle"
        aria-pressed={visible}
        aria-label={t(visible ? 'hideField' : 'showField', { field: props.label.toLowerCase() })}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('hide') : t('show')}
      </button>
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  /** Label of the empty choice. */
  placeholder: string;
  invalid?: boolean;
};

/** A labelled select with an empty first choice. */
export function SelectField({
  label,
  name,
  value,
  onValue,
  options,
  placeholder,
  invalid,
  ...rest
}: SelectFieldProps) {
  return (
    <Field
      name={name}
      label={label}
      invalid={invalid}
      control={(aria) => (
        <select {...aria} name={name} value={value} onChange={(e) => onValue(e.target.value)} {...rest}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A form-level message (server errors, success), announced when it appears. */
export function FormMessage({
  kind,
  children,
  testId,
}: {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`form-message form-message--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `auth-${kind}`}
    >
      {children}
    </div>
  );
}

/** The form's error message, when there is one. */
export function FormError({ message, testId = 'form-error' }: { message?: string | null; testId?: string }) {
  return message ? (
    <FormMessage kind="error" testId={testId}>
      {message}
    </FormMessage>
  ) : null;
}

/** The submit button: disabled and relabelled while the call runs. */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  wide = false,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel?: string;
  /** Full width, as on the sign-in cards. */
  wide?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <button
      type="submit"
      className={wide ? 'button form-submit' : 'button'}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? (busyLabel ?? t('pleaseWait')) : children}
    </button>
  );
}
