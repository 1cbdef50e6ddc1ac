import type { Messages } from '@marquee/i18n';

/** Watch-list button and favorite toggle (namespace `watchList`). */
export const en = {
  myList: 'My List',
  /** The card button's name; aria-pressed says whether the title is in the list. */
  cardLabel: 'My List: {{title}}',
  add: 'Add to My List',
  remove: 'Remove from My List',
  signUpToAdd: 'Sign up to add it to My List',
  error: "We couldn't update My List. Please try again.",
  favorite: 'Favorite',
  /** The card heart's name; aria-pressed says whether it is a favorite. */
  cardFavoriteLabel: 'Favorite: {{title}}',
  favoritesCount_one: '{{count}} favorite',
  favoritesCount_other: '{{count}} favorites',
  signInToFavorite: 'Sign in to favorite it',
  favoriteError: "We couldn't save your favorite. Please try again.",
};

export const es: Messages<typeof en> = {
  myList: 'Mi lista',
  cardLabel: 'Mi lista: {{title}}',
  add: 'Añadir a Mi lista',
  remove: 'Quitar de Mi lista',
  signUpToAdd: 'Regístrate para añadirlo a Mi lista',
  error: 'No pudimos actualizar Mi lista. Inténtalo de nuevo.',
  favorite: 'Favorito',
  cardFavoriteLabel: 'Favorito: {{title}}',
  favoritesCount_one: '{{count}} favorito',
  favoritesCount_other: '{{count}} favoritos',
  signInToFavorite: 'Inicia sesión para marcarlo como favorito',
  favoriteError: 'No pudimos guardar tu favorito. Inténtalo de nuevo.',
};
