import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { birthYears, daysInMonth, parseBirthDate } from '@marquee/domain';
import { SelectField } from '../../../components/form-fields';
import { useModalDialog } from '../../../components/use-modal-dialog';
import './age-gate.css';

interface BirthDateModalProps {
  /** Records the date; resolves false when it could not be saved ('Error processing DOB'). */
  onSubmit: (dob: number) => Promise<boolean>;
  /** Cancel and Escape: "Cancelling goes back" (§4.2). */
  onCancel: () => void;
  saving: boolean;
}

/**
 * The "enter birth date" modal (playback-and-social §2.2, §4.2, §5): year (100 years ending with
 * this one), month and day, Cancel and Submit. A native modal <dialog>: the page behind is inert,
 * Tab stays inside, Escape cancels, and focus goes back where it was when it closes.
 */
export function BirthDateModal({ onSubmit, onCancel, saving }: BirthDateModalProps) {
  const { t, i18n } = useTranslation('watch');
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();
  const introId = useId();
  const [year, setYear] = useState('');
  const [month, setMonth] = useState('');
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);

  const now = useMemo(() => new Date(), []);
  const yearOptions = useMemo(
    () => birthYears(now).map((y) => ({ value: String(y), label: String(y) })),
    [now],
  );
  const monthOptions = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: format.format(new Date(Date.UTC(2000, i, 1))),
    }));
  }, [i18n.language]);
  // 31 days until year and month are chosen; a day the chosen month lacks counts as not chosen.
  const dayCount = year && month ? daysInMonth(Number(year), Number(month)) : 31;
  const dayOptions = Array.from({ length: dayCount }, (_, i) => ({
    value: String(i + 1),
    label: String(i + 1),
  }));
  const chosenDay = day && Number(day) > dayCount ? '' : day;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const parsed = parseBirthDate({ year, month, day: chosenDay }, new Date());
    if (!parsed.ok) return setError(t('ageGate.allRequired'));
    setError(null);
    if (!(await onSubmit(parsed.dob))) setError(t('ageGate.saveFailed'));
  };

  const invalid = error !== null;
  return (
    <dialog
      ref={ref}
      className="age-gate"
      aria-labelledby={titleId}
      aria-describedby={introId}
      data-testid="age-gate-modal"
      // Escape: the parent leaves the screen rather than the browser closing it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={onKeyDown}
    >
      <form className="age-gate__panel" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="age-gate__title">
          {t('ageGate.title')}
        </h2>
        <p id={introId} className="age-gate__intro">
          {t('ageGate.intro')}
        </p>
        <fieldset className="age-gate__fields">
          <legend className="age-gate__legend">{t('ageGate.legend')}</legend>
          <SelectField
            label={t('ageGate.year')}
            name="year"
            placeholder={t('ageGate.year')}
            value={year}
            onValue={setYear}
            options={yearOptions}
            invalid={invalid && !year}
          />
          <SelectField
            label={t('ageGate.month')}
            name="month"
            placeholder={t('ageGate.month')}
            value={month}
            onValue={setMonth}
            options={monthOptions}
            invalid={invalid && !month}
          />
          <SelectField
            label={t('ageGate.day')}
            name="day"
            placeholder={t('ageGate.day')}
            value={chosenDay}
            onValue={setDay}
            options={dayOptions}
            invalid={invalid && !chosenDay}
          />
        </fieldset>
        {error ? (
          <p className="age-gate__error" role="alert" data-testid="age-gate-error">
            {error}
          </p>
        ) : null}
        <div className="age-gate__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onCancel}
            data-testid="age-gate-cancel"
          >
            {t('ageGate.cancel')}
          </button>
          <button type="submit" className="button" disabled={saving} data-testid="age-gate-submit">
            {saving ? t('ageGate.submitting') : t('ageGate.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** "Sorry! You do not meet the minimum age requirement to continue!" in place of the player (§4.2, §8). */
export function AgeRestricted({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('watch');
  return (
    <div className="playback-notice" role="alert" data-testid="age-restricted">
      <h2 className="playback-notice__title">{t('ageGate.restrictedTitle')}</h2>
      <p className="playback-notice__message">{t('ageGate.tooYoung')}</p>
      <button type="button" className="button" onClick={onBack}>
        {t('ageGate.back')}
      </button>
    </div>
  );
}
