/** A one-line progress bar on stderr: `[#######.........]  42%  420,000/1,000,000 ads  12 s`. */
export function progressBar(label: string, total: number) {
  const started = Date.now();
  const width = 30;
  const tty = process.stderr.isTTY;
  let lastPrinted = -1;
  return {
    update(done: number) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      // Without a terminal, print a line per 10% instead of redrawing.
      if (!tty && percent < 100 && Math.floor(percent / 10) === Math.floor(lastPrinted / 10)) return;
      lastPrinted = percent;
      const filled = Math.round((percent / 100) * width);
      const seconds = Math.round((Date.now() - started) / 1000);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${label}  ${seconds} s`;
      process.stderr.write(tty ? `\r${line}` : `${line}\n`);
    },
    done() {
      if (lastPrinted < 100) this.update(total);
      if (tty) process.stderr.write('\n');
    },
  };
}
