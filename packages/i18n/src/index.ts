import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The UI languages. English is complete by definition; every other one is checked against it by type. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'marquee.lang';

/** The shape of a translation: the same keys as English, any strings. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  const wanted = stored ?? globalThis.navigator?.language ?? 'en';
  return LANGUAGES.find((l) => wanted.toLowerCase().startsWith(l.code))?.code ?? 'en';
}

/**
 * Starts i18next with every namespace's messages bundled (they are small, and a language switch
 * then needs no request). Synchronous, so the first render is already translated.
 */
export function initI18n(resources: Resource) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Switches the UI language and remembers it on this device. */
export function setLanguage(code: Language) {
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  void i18next.changeLanguage(code);
}
