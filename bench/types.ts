// The shape every bench section shares, so later work can add sections without touching the runner.

export interface Target {
  /** How `value` must compare with `limit` to pass. */
  op: '<' | '<=' | '>' | '>=';
  limit: number;
}

export interface Row {
  metric: string;
  value: number;
  unit: string;
  target?: Target;
  /** Extra context printed after the row (e.g. what the number is made of). */
  detail?: string;
}

export interface BenchSection {
  name: string;
  description: string;
  run(): Promise<Row[]>;
}

export function meets(value: number, target: Target): boolean {
  switch (target.op) {
    case '<':
      return value < target.limit;
    case '<=':
      return value <= target.limit;
    case '>':
      return value > target.limit;
    case '>=':
      return value >= target.limit;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
