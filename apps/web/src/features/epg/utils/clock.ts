/** hh:mm in the UI language (a slot label, a programme's start or stop). */
export function formatClock(time: number | string, language: string): string {
  return new Date(time).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}
