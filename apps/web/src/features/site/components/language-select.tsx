import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '@marquee/i18n';

/** The language select of the left menu (§2.9); the choice is kept on this device. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('site');
  const id = useId();
  const current = LANGUAGES.find((l) => i18n.language.startsWith(l.code))?.code ?? 'en';
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        data-testid="language-select"
        value={current}
        onChange={(e) => setLanguage(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
