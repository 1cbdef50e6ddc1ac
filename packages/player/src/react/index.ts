/** React binding for the player core: `<Player>` and `usePlayer`, shared by web and TV. */
export { Player, type PlayerProps } from './player';
export { usePlayer, type PlayerState, type UsePlayerOptions } from './use-player';
export { useIdle } from './use-idle';
export { useProgressTracking } from './use-progress-tracking';
