/** A figure a benchmark reports; `npm run bench` collects them into one table. */
export interface Figure {
  figure: string;
  value: number;
  unit: string;
  target?: string;
  /** Value divided by the target (or the reference), when that means something. */
  ratio?: number;
  ok?: boolean;
}

/** Prints one machine-readable line per figure (the runner parses them) and a readable line. */
export function report(figure: Figure) {
  process.stdout.write(`BENCH ${JSON.stringify(figure)}\n`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
