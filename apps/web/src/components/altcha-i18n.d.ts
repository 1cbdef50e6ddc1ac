// ALTCHA's translation files register themselves on import and export nothing; the package ships
// no declaration for them.
declare module 'altcha/i18n/es-es';
