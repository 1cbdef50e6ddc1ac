import { useEffect, useState, type CSSProperties } from 'react';
import type { CaptionTrack } from '../captions';
import type { Player } from '../player';
import { AUTO_QUALITY, qualityOptions, type QualityLevel } from '../quality';
import { INITIAL_TRACK_CHOICE, reduceTrackChoice } from '../tracks';
import { useTrackChoice } from './use-track-choice';

export interface PlayerMenuLabels {
  captions: string;
  captionsOff: string;
  quality: string;
  qualityAuto: string;
}

export const DEFAULT_MENU_LABELS: PlayerMenuLabels = {
  captions: 'Captions',
  captionsOff: 'Off',
  quality: 'Quality',
  qualityAuto: 'Auto',
};

const selectStyle: CSSProperties = {
  padding: '4px 6px',
  border: 0,
  borderRadius: 4,
  background: 'rgba(0,0,0,.7)',
  color: '#fff',
  font: 'inherit',
  fontSize: 13,
};

/**
 * The captions toggle (Off + each WebVTT track) and the quality menu (Auto + each hls.js rendition;
 * hidden where the browser plays HLS natively and picks by itself). Native <select>s: keyboard and
 * screen-reader friendly, and touch-friendly on phones.
 */
export function PlayerMenu({
  player,
  tracks,
  labels = DEFAULT_MENU_LABELS,
  hidden,
}: {
  player: Player | null;
  tracks: readonly CaptionTrack[];
  labels?: PlayerMenuLabels;
  hidden?: boolean;
}) {
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [quality, setQuality] = useState(AUTO_QUALITY);
  const [choice, setChoice] = useState(INITIAL_TRACK_CHOICE);
  // The same captions rule as the TV's remote menu (one way: `useTrackChoice`).
  const { shown } = useTrackChoice(player, tracks, choice);

  useEffect(() => {
    if (!player) return;
    setLevels(player.qualities());
    setQuality(player.quality());
    return player.on('qualities', ({ levels: l, current }) => {
      setLevels(l);
      setQuality(current);
    });
  }, [player]);

  const options = qualityOptions(levels);
  if (tracks.length === 0 && options.length === 0) return null;
  return (
    <div
      className="mq-player__menu"
      data-testid="player-menu"
      style={{
        position: 'absolute',
        top: 12,
        right: 12,
        display: 'flex',
        gap: 8,
        opacity: hidden ? 0 : 1,
        transition: 'opacity .3s',
        pointerEvents: hidden ? 'none' : undefined,
      }}
    >
      {tracks.length > 0 ? (
        <select
          aria-label={labels.captions}
          title={labels.captions}
          data-testid="player-captions"
          value={shown?.language ?? ''}
          onChange={(e) => {
            const language = e.target.value || null;
            setChoice((c) => reduceTrackChoice(c, { type: 'captions', language }));
          }}
          style={selectStyle}
        >
          <option value="">
            {labels.captions}: {labels.captionsOff}
          </option>
          {tracks.map((t) => (
            <option key={t.language} value={t.language}>
              {labels.captions}: {t.label}
            </option>
          ))}
        </select>
      ) : null}
      {options.length > 0 ? (
        <select
          aria-label={labels.quality}
          title={labels.quality}
          data-testid="player-quality"
          value={quality}
          onChange={(e) => {
            const value = Number(e.target.value);
            player?.setQuality(value);
            setQuality(value);
          }}
          style={selectStyle}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label ?? labels.qualityAuto}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
