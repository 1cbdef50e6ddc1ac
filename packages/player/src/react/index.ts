/** React binding for the player core: `<Player>` and `usePlayer`, shared by web and TV. */
export { Player, type PlayerProps } from './player';
export { usePlayer, type PlayerState, type UsePlayerOptions } from './use-player';
export { useIdle, useCinemaMode } from './use-idle';
export { useProgressTracking } from './use-progress-tracking';
export { useHeartbeat, type HeartbeatSettings } from './use-heartbeat';
export { useSmartPause } from './use-smart-pause';
export { PlayerMenu, showCaptions, DEFAULT_MENU_LABELS, type PlayerMenuLabels } from './player-menu';
export { useDobGate, type DobGate } from './use-dob-gate';
