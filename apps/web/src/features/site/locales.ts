import type { Messages } from '@marquee/i18n';

/** Header, menus and language select (namespace `site`). */
export const en = {
  home: 'Home',
  brandHome: '{{name}} home',
  liveTv: 'Live TV',
  mainNav: 'Main',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  search: 'Search',
  closeSearch: 'Close search',
  close: 'Close',
  language: 'Language',
  privacyChoices: 'Privacy choices',
  followUs: 'Follow us',
  builtBy: 'Built with Marquee',
  pageTabs: 'Page sections',
  opensInNewTab: '(opens in a new tab)',
  social: {
    instagram: 'Instagram',
    facebook: 'Facebook',
    twitter: 'Twitter',
    'google-plus': 'Google+',
    youtube: 'YouTube',
  },
};

export const es: Messages<typeof en> = {
  home: 'Inicio',
  brandHome: 'Inicio de {{name}}',
  liveTv: 'TV en directo',
  mainNav: 'Principal',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  menu: 'Menú',
  search: 'Buscar',
  closeSearch: 'Cerrar búsqueda',
  close: 'Cerrar',
  language: 'Idioma',
  privacyChoices: 'Opciones de privacidad',
  followUs: 'Síguenos',
  builtBy: 'Hecho con Marquee',
  pageTabs: 'Secciones de la página',
  opensInNewTab: '(se abre en una pestaña nueva)',
  social: {
    instagram: 'Instagram',
    facebook: 'Facebook',
    twitter: 'Twitter',
    'google-plus': 'Google+',
    youtube: 'YouTube',
  },
};
