import type { ScenarioFigures } from './load';

const COLUMNS = [
  ['scenario', 44],
  ['req/s', 8],
  ['p50 ms', 8],
  ['p95 ms', 8],
  ['p99 ms', 8],
  ['non-2xx', 8],
  ['errors', 7],
] as const;

export function tableHeader(): string {
  return COLUMNS.map(([title, width], index) => (index === 0 ? title.padEnd(width) : title.padStart(width))).join(' ');
}

export function tableRow(figures: ScenarioFigures): string {
  const cells = [
    figures.name,
    figures.requestsPerSecond.toFixed(0),
    figures.p50.toFixed(1),
    figures.p95.toFixed(1),
    figures.p99.toFixed(1),
    String(figures.non2xx),
    String(figures.errors),
  ];
  return cells.map((cell, index) => (index === 0 ? cell.padEnd(COLUMNS[index][1]) : cell.padStart(COLUMNS[index][1]))).join(' ');
}
