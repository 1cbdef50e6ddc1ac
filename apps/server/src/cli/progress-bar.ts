export type CliIo = {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream;
};

/** One redrawn line on a terminal; plain lines (on each new step or 10%) when piped. */
export function progressBar(out: CliIo['out']) {
  const started = Date.now();
  let lastLine = '';
  let lastDecile = -1;
  const elapsed = () => {
    const s = Math.floor((Date.now() - started) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  return {
    update(fraction: number, message: string) {
      const pct = Math.floor(fraction * 100);
      if (out.isTTY) {
        const width = 30;
        const filled = Math.round(fraction * width);
        const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}%  ${message.padEnd(16)} ${elapsed()}`;
        if (line !== lastLine) out.write(`\r${line.slice(0, (out.columns ?? 100) - 1)}`);
        lastLine = line;
        return;
      }
      const decile = Math.floor(pct / 10);
      if (message !== lastLine || decile !== lastDecile) {
        out.write(`${String(pct).padStart(3)}%  ${message}  ${elapsed()}\n`);
        lastLine = message;
        lastDecile = decile;
      }
    },
    end() {
      if (out.isTTY && lastLine) out.write('\n');
    },
  };
}
