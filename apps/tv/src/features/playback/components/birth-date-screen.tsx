import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { birthYears, daysInMonth, parseBirthDate } from '@marquee/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusableButton } from '../../../components/focusable-button';

type Field = 'year' | 'month' | 'day';

/** Where Up or Down first lands in an empty field: a middle year, January, the 1st. */
const START = { year: 30, month: 1, day: 1 } as const;

interface StepperProps {
  field: Field;
  label: string;
  value: number | null;
  text: string;
  /** Up (+1) or Down (-1). */
  onStep: (delta: 1 | -1) => void;
  invalid: boolean;
}

/** One value picked with the remote: Up and Down change it, Left and Right move to the next field. */
function Stepper({ field, label, value, text, onStep, invalid }: StepperProps) {
  const { ref, focused } = useFocusable<object, HTMLDivElement>({
    focusKey: `dob-${field}`,
    onArrowPress: (direction) => {
      if (direction !== 'up' && direction !== 'down') return true;
      onStep(direction === 'up' ? 1 : -1);
      return false;
    },
  });
  return (
    <div
      ref={ref}
      role="spinbutton"
      aria-label={label}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? label : text}
      aria-invalid={invalid || undefined}
      tabIndex={-1}
      className={['tv-stepper', focused ? 'is-focused' : '', invalid ? 'is-invalid' : '']
        .filter(Boolean)
        .join(' ')}
      data-testid={`dob-${field}`}
      data-value={value ?? ''}
    >
      <span className="tv-stepper__label">{label}</span>
      <span className="tv-stepper__value">{value === null ? '—' : text}</span>
    </div>
  );
}

interface BirthDateScreenProps {
  onSubmit: (dob: number) => Promise<boolean>;
  /** Cancel: "Cancelling goes back" (§4.2). */
  onCancel: () => void;
  saving: boolean;
}

/**
 * The TV's "enter birth date" screen (playback-and-social §4.2, §5): year (the 100 years ending with
 * this one), month and day, each picked with Up and Down, then Cancel or Submit.
 */
export function BirthDateScreen({ onSubmit, onCancel, saving }: BirthDateScreenProps) {
  const { t, i18n } = useTranslation('playback');
  const { ref, focusKey } = useFocusable({
    focusKey: 'BIRTH_DATE',
    trackChildren: true,
    isFocusBoundary: true,
  });
  const now = useMemo(() => new Date(), []);
  const years = useMemo(() => birthYears(now), [now]);
  const [year, setYear] = useState<number | null>(null);
  const [month, setMonth] = useState<number | null>(null);
  const [day, setDay] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }),
    [i18n.language],
  );

  useEffect(() => void setFocus('dob-year'), []);

  const dayCount = year && month ? daysInMonth(year, month) : 31;
  const newest = years[0]!;
  const oldest = years[years.length - 1]!;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

  const submit = async () => {
    if (saving) return;
    const parsed = parseBirthDate(
      { year: year ? String(year) : '', month: month ? String(month) : '', day: day ? String(day) : '' },
      new Date(),
    );
    if (!parsed.ok) return setError(t('ageGate.allRequired'));
    setError(null);
    if (!(await onSubmit(parsed.dob))) setError(t('ageGate.saveFailed'));
  };

  const invalid = error !== null;
  return (
    <FocusContext.Provider value={focusKey}>
      <section
        ref={ref}
        className="tv-birth-date"
        data-testid="tv-age-gate"
        aria-labelledby="tv-birth-date-title"
      >
        <h1 id="tv-birth-date-title">{t('ageGate.title')}</h1>
        <p className="tv-hint">{t('ageGate.intro')}</p>
        <div className="tv-birth-date__fields">
          <Stepper
            field="year"
            label={t('ageGate.year')}
            value={year}
            text={String(year)}
            invalid={invalid && year === null}
            onStep={(d) => setYear((y) => (y === null ? newest - START.year : clamp(y + d, oldest, newest)))}
          />
          <Stepper
            field="month"
            label={t('ageGate.month')}
            value={month}
            text={month ? monthName.format(new Date(Date.UTC(2000, month - 1, 1))) : ''}
            invalid={invalid && month === null}
            onStep={(d) => setMonth((m) => (m === null ? START.month : ((m - 1 + d + 12) % 12) + 1))}
          />
          <Stepper
            field="day"
            label={t('ageGate.day')}
            value={day && day <= dayCount ? day : null}
            text={String(day)}
            invalid={invalid && (day === null || day > dayCount)}
            onStep={(d) =>
              setDay((v) =>
                v === null || v > dayCount ? START.day : ((v - 1 + d + dayCount) % dayCount) + 1,
              )
            }
          />
        </div>
        {error ? (
          <p className="tv-birth-date__error" role="alert" data-testid="age-gate-error">
            {error}
          </p>
        ) : null}
        <div className="tv-profile__actions">
          <FocusableButton focusKey="dob-cancel" onPress={onCancel} testId="age-gate-cancel">
            {t('ageGate.cancel')}
          </FocusableButton>
          <FocusableButton
            focusKey="dob-submit"
            onPress={() => void submit()}
            disabled={saving}
            testId="age-gate-submit"
          >
            {t('ageGate.submit')}
          </FocusableButton>
        </div>
      </section>
    </FocusContext.Provider>
  );
}
