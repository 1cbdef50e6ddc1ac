import type { Messages } from '@marquee/i18n';

/** The admins' list of dropped carts (namespace `droppedCarts`; decision 0060). */
export const en = {
  title: 'Dropped carts',
  loading: 'Loading dropped carts…',
  error: "We couldn't load the dropped carts.",
  empty: 'No dropped carts.',
  notAllowed: 'Only the site’s admins may see dropped carts.',
  viewer: 'Viewer',
  bundle: 'Bundle',
  times: 'Times',
  lastDropped: 'Last left',
  previous: 'Previous',
  next: 'Next',
};

export const es: Messages<typeof en> = {
  title: 'Carritos abandonados',
  loading: 'Cargando carritos abandonados…',
  error: 'No pudimos cargar los carritos abandonados.',
  empty: 'No hay carritos abandonados.',
  notAllowed: 'Solo los administradores del sitio pueden ver los carritos abandonados.',
  viewer: 'Espectador',
  bundle: 'Paquete',
  times: 'Veces',
  lastDropped: 'Última salida',
  previous: 'Anterior',
  next: 'Siguiente',
};
