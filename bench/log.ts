const started = Date.now();

/** A progress line on stdout: `[bench  12s] throughput: …`. */
export function progress(section: string, message: string): void {
  const seconds = String(Math.round((Date.now() - started) / 1000)).padStart(4);
  console.log(`[bench ${seconds}s] ${section}: ${message}`);
}
