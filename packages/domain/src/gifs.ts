/**
 * Gifs (discovery-and-site §3, §5, §9): a 1–15 s cut of a video (5 s by default), dragged in
 * steps, with a top and a bottom meme text; rendered by a job into an animated GIF and a still.
 */
export const GIF_DEFAULT_SECONDS = 5;
export const GIF_MIN_SECONDS = 1;
export const GIF_MAX_SECONDS = 15;
/** The range handles move in half seconds (the spec's "drag steps"; the step is ours). */
export const GIF_DRAG_STEP_SECONDS = 0.5;
/** Meme text is one short line each (ours: the spec sets no length). */
export const GIF_MEME_MAX_CHARS = 60;
/** Widths a gif is rendered at: small for chat and messages, medium for posts (ours). */
export const GIF_SIZES = { small: 320, medium: 480 } as const;
export type GifSize = keyof typeof GIF_SIZES;
/** Frames per second of the animation: smooth enough, and small enough to share. */
export const GIF_FPS = 12;

/** The spec's gif states: processing until the job ends, then `Success` or `Error`. */
export type GifResult = 'Success' | 'Error';

/** What is wrong with a requested range, naming the field; undefined when it can be cut. */
export function gifRangeProblem(
  start: number,
  end: number,
  durationSeconds: number,
): { field: 'start' | 'end'; message: string } | undefined {
  if (!(start >= 0)) return { field: 'start', message: 'start must be 0 or more seconds' };
  if (durationSeconds > 0 && start >= durationSeconds)
    return { field: 'start', message: 'start must be before the end of the video' };
  if (!(end > start)) return { field: 'end', message: 'end must be after start' };
  const length = end - start;
  if (length < GIF_MIN_SECONDS || length > GIF_MAX_SECONDS)
    return { field: 'end', message: `A gif lasts ${GIF_MIN_SECONDS} to ${GIF_MAX_SECONDS} seconds` };
  if (durationSeconds > 0 && end > durationSeconds)
    return { field: 'end', message: 'end must not pass the end of the video' };
  return undefined;
}

/** The default range from a position: 5 s from it, pulled back to fit the video. */
export function defaultGifRange(at: number, durationSeconds: number): { start: number; end: number } {
  const length = Math.min(
    GIF_DEFAULT_SECONDS,
    Math.max(GIF_MIN_SECONDS, durationSeconds || GIF_DEFAULT_SECONDS),
  );
  const latestStart = Math.max(0, (durationSeconds || at + length) - length);
  const start = snapToStep(Math.min(Math.max(0, at), latestStart));
  return { start, end: start + length };
}

/** A handle's position on the drag grid. */
export const snapToStep = (seconds: number) =>
  Math.round(seconds / GIF_DRAG_STEP_SECONDS) * GIF_DRAG_STEP_SECONDS;
