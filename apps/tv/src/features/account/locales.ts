import type { Messages } from '@marquee/i18n';

/** The TV sign-in (activation) and profile screens (namespace `account`). */
export const en = {
  gettingCode: 'Getting your code…',
  offlineTitle: "You're offline",
  offlineBody: "We'll get your code as soon as the network is back.",
  codeError: "We couldn't get a code",
  title: 'Sign in on another screen',
  stepGoTo: 'On your phone or computer, go to',
  stepEnterCode: 'Sign in and enter this code:',
  hint: 'Connecting may take up to 30 seconds after you sign in.',
  stillOffline: "You're offline. We'll keep checking.",
  newCode: 'New Code',
  profileTitle: 'Profile',
  profileError: "We couldn't load your profile",
  signedInAs: 'Signed in as',
  logout: 'Logout',
};

export const es: Messages<typeof en> = {
  gettingCode: 'Obteniendo tu código…',
  offlineTitle: 'Estás sin conexión',
  offlineBody: 'Obtendremos tu código en cuanto vuelva la red.',
  codeError: 'No pudimos obtener un código',
  title: 'Inicia sesión en otra pantalla',
  stepGoTo: 'En tu teléfono u ordenador, ve a',
  stepEnterCode: 'Inicia sesión e introduce este código:',
  hint: 'La conexión puede tardar hasta 30 segundos después de iniciar sesión.',
  stillOffline: 'Estás sin conexión. Seguiremos comprobando.',
  newCode: 'Nuevo código',
  profileTitle: 'Perfil',
  profileError: 'No pudimos cargar tu perfil',
  signedInAs: 'Sesión iniciada como',
  logout: 'Cerrar sesión',
};
