import { PasswordField, TextField, type TextFieldProps } from './form-fields';

/** One input of the password block: its label, field name, value and message (or invalid mark). */
export type PasswordInput = Pick<
  TextFieldProps,
  'label' | 'name' | 'value' | 'onValue' | 'error' | 'invalid' | 'hint'
>;

/**
 * The password block of every form that asks for one (sign-in, sign-up, reset, set password,
 * required reset, change password, confirm identity): the current password, the new one and its
 * confirmation, each shown when given, in that order, with the browser's autocomplete hints
 * (current-password, new-password). `reveal` gives each input the show-password toggle (the sign-in
 * screens); the account forms keep plain inputs.
 */
export function PasswordFields({
  current,
  next,
  confirm,
  reveal = true,
}: {
  current?: PasswordInput;
  next?: PasswordInput;
  confirm?: PasswordInput;
  reveal?: boolean;
}) {
  const Input = reveal ? PasswordField : PlainPasswordField;
  return (
    <>
      {current ? <Input {...current} autoComplete="current-password" /> : null}
      {next ? <Input {...next} autoComplete="new-password" /> : null}
      {confirm ? <Input {...confirm} autoComplete="new-password" /> : null}
    </>
  );
}

function PlainPasswordField(props: PasswordInput & { autoComplete: string }) {
  return <TextField {...props} type="password" />;
}
