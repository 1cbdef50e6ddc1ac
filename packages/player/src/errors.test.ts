import { describe, expect, it } from 'vitest';
import {
  fromHlsError,
  fromMediaError,
  fromUnknownError,
  PLAYBACK_UNAVAILABLE_MESSAGE,
  VIDEO_ERROR_MESSAGE,
} from './errors';
import { createEmitter } from './events';

describe('error mapping (playback-and-social §4.4, §8)', () => {
  it("maps 'File could not be played' to the spec's toast", () => {
    expect(PLAYBACK_UNAVAILABLE_MESSAGE).toBe('Playback is unavailable on the current browser.');
    expect(fromUnknownError(new Error('File could not be played')).message).toBe(
      PLAYBACK_UNAVAILABLE_MESSAGE,
    );
    expect(fromMediaError({ code: 3, message: 'Error: file could not be played (decoder)' })).toMatchObject({
      kind: 'unsupported',
      message: PLAYBACK_UNAVAILABLE_MESSAGE,
    });
  });

  it('treats an unsupported source as unplayable on this browser', () => {
    expect(fromMediaError({ code: 4 }).message).toBe(PLAYBACK_UNAVAILABLE_MESSAGE);
    expect(fromMediaError({ code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' }).kind).toBe(
      'unsupported',
    );
    // A playlist that fails to load natively is code 4 too, but not the browser's fault.
    expect(fromMediaError({ code: 4, message: 'DEMUXER_ERROR_COULD_NOT_OPEN: 403' })).toMatchObject({
      kind: 'unknown',
      message: VIDEO_ERROR_MESSAGE,
    });
    expect(
      fromHlsError({ type: 'mediaError', details: 'manifestIncompatibleCodecsError', fatal: true }).kind,
    ).toBe('unsupported');
  });

  it('uses the generic video error otherwise', () => {
    expect(fromMediaError({ code: 2 })).toMatchObject({
      kind: 'network',
      message: VIDEO_ERROR_MESSAGE,
      fatal: true,
    });
    expect(fromMediaError(null).message).toBe(VIDEO_ERROR_MESSAGE);
    expect(fromHlsError({ type: 'networkError', details: 'manifestLoadError', fatal: true })).toMatchObject({
      kind: 'network',
      detail: 'networkError: manifestLoadError',
    });
    expect(fromHlsError({ type: 'mediaError', details: 'bufferStalledError', fatal: false }).fatal).toBe(
      false,
    );
  });

  it('reports a blocked autoplay as a non-fatal autoplay error', () => {
    const blocked = Object.assign(new Error('play() failed'), { name: 'NotAllowedError' });
    expect(fromUnknownError(blocked)).toMatchObject({ kind: 'autoplay', fatal: false });
  });
});

describe('createEmitter', () => {
  it('delivers typed events and unsubscribes', () => {
    const emitter = createEmitter<{ tick: number }>();
    const seen: number[] = [];
    const off = emitter.on('tick', (n) => seen.push(n));
    emitter.emit('tick', 1);
    off();
    emitter.emit('tick', 2);
    expect(seen).toEqual([1]);
  });
});
