/** Small number helpers shared by the benchmarks. */

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : sum(values) / values.length;
}

/** Nearest-rank percentile (p in 0–100) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** 12,345 */
export function int(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
}

/** Fixed decimals, or n/a. */
export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** Bytes as kB (1 kB = 1,000 bytes), one decimal. */
export function kB(bytes: number): string {
  return `${fixed(bytes / 1000, 1)} kB`;
}

export function ms(value: number, digits = 1): string {
  return `${fixed(value, digits)} ms`;
}

export function ratio(value: number): string {
  return `${fixed(value, 2)}×`;
}
