import type { Messages } from '@marquee/i18n';

/** Movie and series screens (namespace `titles`). */
export const en = {
  starring: 'Starring',
  directedBy: 'Directed by',
  watch: 'Watch',
  trailer: 'Trailer',
  extra: 'Extra',
  extras: 'Trailers and extras',
  movieError: "We couldn't load this movie",
  seriesError: 'Error loading series',
  seasonCount_one: '{{count}} season',
  seasonCount_other: '{{count}} seasons',
  season: 'Season {{n}}',
  seasonEpisodes: 'Season {{n}} episodes',
  seasons: 'Seasons',
  play: 'Play S{{season}} E{{episode}}',
  episode: 'E{{n}}',
};

export const es: Messages<typeof en> = {
  starring: 'Reparto',
  directedBy: 'Dirigida por',
  watch: 'Ver',
  trailer: 'Tráiler',
  extra: 'Extra',
  extras: 'Tráilers y extras',
  movieError: 'No pudimos cargar esta película',
  seriesError: 'Error al cargar la serie',
  seasonCount_one: '{{count}} temporada',
  seasonCount_other: '{{count}} temporadas',
  season: 'Temporada {{n}}',
  seasonEpisodes: 'Episodios de la temporada {{n}}',
  seasons: 'Temporadas',
  play: 'Reproducir T{{season}} E{{episode}}',
  episode: 'E{{n}}',
};
