import type { User } from '@marquee/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserInfo } from '../api/use-profile-changes';
import { showToast } from '../../../lib/toast';
import {
  daysInMonth,
  dobToParts,
  dobYears,
  errorText,
  genderOptions,
  monthName,
  validateUserInfo,
  type FieldError,
  type Gender,
  type UserInfoFields,
  toFieldError,
  invalidFor,
} from '../utils/validation';
import { FormError, SelectField } from '../../../components/form-fields';
import { NameFields } from './account-fields';
import { FormActions } from './form-actions';

interface UserInfoFormProps {
  user: User;
  fields: UserInfoFields;
  onDone: () => void;
  onCancel?: () => void;
}

/** Change user info (§5): names, date of birth and gender (the last two as the site's perms allow). */
export function UserInfoForm({ user, fields, onDone, onCancel }: UserInfoFormProps) {
  const { t, i18n } = useTranslation('account');
  const initialDob = dobToParts(user.dob);
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [gender, setGender] = useState<Gender | ''>(user.gender ?? '');
  const [year, setYear] = useState(initialDob.year);
  const [month, setMonth] = useState(initialDob.month);
  const [day, setDay] = useState(initialDob.day);
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useUpdateUserInfo();

  const yearOptions = useMemo(() => dobYears().map((y) => ({ value: String(y), label: String(y) })), []);
  const monthOptions = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: monthName(i + 1, i18n.language),
  }));
  // 31 days until year and month are known, so a day can be picked first.
  const dayCount = year && month ? daysInMonth(Number(year), Number(month)) : 31;
  const dayOptions = Array.from({ length: dayCount }, (_, i) => ({
    value: String(i + 1),
    label: String(i + 1),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateUserInfo({ firstName, lastName, gender, year, month, day }, fields);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, {
      onSuccess: () => {
        showToast(t('changeInfo.done'), 'success');
        onDone();
      },
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="user-info-form">
      <NameFields
        firstName={firstName}
        lastName={lastName}
        onFirstName={setFirstName}
        onLastName={setLastName}
        error={error}
      />
      {fields.hideUserDOB ? null : (
        <fieldset className="account-form__group">
          <legend>{t('profile.dob')}</legend>
          <div className="account-form__row">
            <SelectField
              label={t('changeInfo.year')}
              name="year"
              placeholder={t('changeInfo.year')}
              value={year}
              onValue={setYear}
              options={yearOptions}
              invalid={invalidFor(error, 'year', 'dob')}
            />
            <SelectField
              label={t('changeInfo.month')}
              name="month"
              placeholder={t('changeInfo.month')}
              value={month}
              onValue={setMonth}
              options={monthOptions}
              invalid={invalidFor(error, 'month', 'dob')}
            />
            <SelectField
              label={t('changeInfo.day')}
              name="day"
              placeholder={t('changeInfo.day')}
              value={day}
              onValue={setDay}
              options={dayOptions}
              invalid={invalidFor(error, 'day', 'dob')}
            />
          </div>
        </fieldset>
      )}
      {fields.hideUserGender ? null : (
        <SelectField
          label={t('profile.gender')}
          name="gender"
          placeholder={t('changeInfo.choose')}
          value={gender}
          onValue={(value) => setGender(value as Gender | '')}
          options={genderOptions(fields.rudimentaryGenders).map((o) => ({
            value: o.value,
            label: t(o.label),
          }))}
          invalid={invalidFor(error, 'gender')}
        />
      )}
      <FormError message={errorText(error, t)} />
      <FormActions pending={mutation.isPending} submitLabel={t('save')} onCancel={onCancel} />
    </form>
  );
}
