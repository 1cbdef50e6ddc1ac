import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import type { AudioTrackInfo, CaptionTrack } from '@marquee/player';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusableButton } from '../../../components/focusable-button';

export const CAPTIONS_KEY = 'tv-player-captions';
export const AUDIO_KEY = 'tv-player-audio';

/** Where the remote is in the player: playing (the player takes the keys), on the controls, or in a panel. */
export type TrackMenuState = 'closed' | 'controls' | 'captions' | 'audio';

/**
 * The player's CC and Audio controls (the Audio one only when the stream has two renditions or
 * more, decision 0070). Up from the picture focuses them; Left/Right move between them, Enter opens
 * a panel, Down or Back returns to the picture (lib/remote hands the arrows to spatial navigation
 * while they are focused; see FullscreenPlayer).
 */
export function TrackControls({
  tracks,
  shown,
  audio,
  audioTrack,
  active,
  onOpen,
}: {
  tracks: readonly CaptionTrack[];
  shown: CaptionTrack | null;
  audio: readonly AudioTrackInfo[];
  audioTrack: number;
  /** The controls have the remote (focus is shown only then). */
  active: boolean;
  onOpen: (panel: 'captions' | 'audio') => void;
}) {
  const { t } = useTranslation('playback');
  const { ref, focusKey } = useFocusable({ focusKey: 'tv-player-controls', trackChildren: true });
  const playing = audio.find((a) => a.index === audioTrack);
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-player__controls" data-active={active || undefined}>
        {tracks.length > 0 ? (
          <FocusableButton
            focusKey={CAPTIONS_KEY}
            testId="tv-captions-button"
            className="tv-pill tv-track-button"
            onPress={() => onOpen('captions')}
          >
            {t('tracks.cc')}: {shown ? shown.label : t('tracks.off')}
          </FocusableButton>
        ) : null}
        {audio.length > 0 ? (
          <FocusableButton
            focusKey={AUDIO_KEY}
            testId="tv-audio-button"
            className="tv-pill tv-track-button"
            onPress={() => onOpen('audio')}
          >
            {t('tracks.audio')}: {playing?.label ?? '–'}
          </FocusableButton>
        ) : null}
      </div>
    </FocusContext.Provider>
  );
}

interface PanelOption {
  key: string;
  /** '' for Off. */
  language: string;
  label: string;
  selected: boolean;
  onPick: () => void;
}

/**
 * The list a control opens: Off + each caption language, or each audio rendition. A focus boundary:
 * Up/Down move within it, Enter picks (and closes it), Back closes it; focus goes back to its control.
 */
export function TrackPanel({ kind, options }: { kind: 'captions' | 'audio'; options: PanelOption[] }) {
  const { t } = useTranslation('playback');
  const { ref, focusKey } = useFocusable({
    focusKey: 'tv-tracks-panel',
    isFocusBoundary: true,
    trackChildren: true,
  });
  const selectedKey = (options.find((o) => o.selected) ?? options[0])?.key;
  // Open on the current choice.
  useEffect(() => {
    if (selectedKey) setFocus(selectedKey);
  }, [selectedKey]);
  return (
    <FocusContext.Provider value={focusKey}>
      <div
        ref={ref}
        className="tv-tracks-panel"
        role="dialog"
        aria-label={t(kind === 'captions' ? 'tracks.captionsTitle' : 'tracks.audioTitle')}
        data-testid="tv-tracks-panel"
        data-kind={kind}
      >
        <h2>{t(kind === 'captions' ? 'tracks.captionsTitle' : 'tracks.audioTitle')}</h2>
        <div className="tv-tracks-panel__list" role="listbox">
          {options.map((o) => (
            <TrackOption key={o.key} option={o} />
          ))}
        </div>
      </div>
    </FocusContext.Provider>
  );
}

function TrackOption({ option }: { option: PanelOption }) {
  const { ref, focused } = useFocusable<object, HTMLButtonElement>({
    focusKey: option.key,
    onEnterPress: option.onPick,
  });
  return (
    <button
      ref={ref}
      type="button"
      role="option"
      aria-selected={option.selected}
      className={['tv-pill', 'tv-button', focused ? 'is-focused' : '', option.selected ? 'is-selected' : '']
        .filter(Boolean)
        .join(' ')}
      data-testid="tv-track-option"
      data-language={option.language}
      data-focused={focused || undefined}
      onClick={option.onPick}
    >
      {option.label}
    </button>
  );
}
