import { useEffect, useRef, useState, type RefObject } from 'react';
import { createPlayer, type Player } from '../player';
import { createProviderPlayer } from '../providers/provider-player';
import type { ProviderSourceInfo } from '../providers/types';
import type { PlayerError } from '../errors';
import type { EngineKind, PlayerOptions } from '../options';

export interface PlayerState {
  engine: EngineKind | null;
  ready: boolean;
  playing: boolean;
  muted: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  error: PlayerError | null;
}

const initialState: PlayerState = {
  engine: null,
  ready: false,
  playing: false,
  muted: false,
  ended: false,
  currentTime: 0,
  duration: 0,
  error: null,
};

export interface UsePlayerOptions extends Omit<PlayerOptions, 'src'> {
  src: string | null | undefined;
  onEnded?: () => void;
  /**
   * A source the provider's own player plays (play-url's `provider`; decision 0059): it is drawn in
   * `providerHost` instead of the video element.
   */
  provider?: ProviderSourceInfo | null;
  providerHost?: RefObject<HTMLElement | null>;
}

/**
 * Creates a core player on the element in `videoRef` for `src`, and tears it down when `src`, `live`
 * or `autoplay` change or the component unmounts. Returns the player (null until mounted) and its state.
 */
export function usePlayer(videoRef: RefObject<HTMLVideoElement | null>, options: UsePlayerOptions) {
  const [player, setPlayer] = useState<Player | null>(null);
  const [state, setState] = useState<PlayerState>(initialState);
  const latest = useRef(options);
  latest.current = options;
  const { src, autoplay, muted, live, startTime, expiresAt, providerHost } = options;
  const providerSource = options.provider?.source;
  const providerVideo = options.provider?.videoId;
  const providerScript = options.provider?.scriptUrl;

  useEffect(() => {
    const video = videoRef.current;
    const host = providerHost?.current;
    if (!src) return;
    // The newest callbacks, so a re-render does not restart the player.
    const onError = (error: PlayerError) => latest.current.onError?.(error);
    let p: Player;
    if (providerSource && providerVideo && providerScript) {
      if (!host) return;
      p = createProviderPlayer(host, {
        provider: { source: providerSource, videoId: providerVideo, scriptUrl: providerScript },
        autoplay,
        muted,
        live,
        startTime,
        onError,
      });
    } else {
      if (!video) return;
      p = createPlayer(video, {
        src,
        autoplay,
        muted,
        live,
        startTime,
        expiresAt,
        // The licence URL comes with the src it was signed with; a new src restarts the player.
        drm: latest.current.drm,
        onError,
        renewSource: () => latest.current.renewSource?.() ?? Promise.resolve(null),
        serverNow: () => latest.current.serverNow?.() ?? Date.now(),
      });
    }
    setState({ ...initialState, engine: p.engine, muted: p.video.muted });
    const patch = (next: Partial<PlayerState>) => setState((s) => ({ ...s, ...next }));
    const offs = [
      p.on('ready', ({ engine, duration }) => patch({ ready: true, engine, duration })),
      p.on('playing', () => patch({ playing: true, ended: false, error: null })),
      p.on('pause', () => patch({ playing: false })),
      p.on('timeupdate', ({ currentTime, duration }) => patch({ currentTime, duration })),
      p.on('mutedchange', ({ muted: m }) => patch({ muted: m })),
      p.on('ended', () => {
        patch({ playing: false, ended: true });
        latest.current.onEnded?.();
      }),
      p.on('error', (error) => setState((s) => (error.fatal || !s.error ? { ...s, error } : s))),
    ];
    setPlayer(p);
    return () => {
      for (const off of offs) off();
      p.destroy();
      setPlayer(null);
    };
    // startTime and expiresAt only matter for the first load of a source, so they are not dependencies.
  }, [videoRef, providerHost, src, autoplay, muted, live, providerSource, providerVideo, providerScript]);

  return { player, state };
}
