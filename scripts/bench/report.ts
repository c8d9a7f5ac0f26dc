import type { ScenarioFigures } from './load';
import { isWithinTarget, STATS_TARGET_MS, type StatsFigures } from './stats';

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

const STATS_COLUMNS = [
  ['page', 30],
  ['range', 16],
  ['median ms', 10],
  ['worst ms', 9],
  ['status', 7],
  [`< ${STATS_TARGET_MS} ms`, 10],
] as const;

export function statsTableHeader(): string {
  return alignStatsCells(STATS_COLUMNS.map(([title]) => title));
}

export function statsTableRow(figures: StatsFigures): string {
  const verdict = isWithinTarget(figures) ? '✔' : '✘';
  const cells = [
    figures.check.path,
    figures.check.range.label,
    figures.medianMs.toFixed(1),
    figures.worstMs.toFixed(1),
    String(figures.status),
    figures.download ? `${verdict} first byte` : verdict,
  ];
  return alignStatsCells(cells);
}

/** Page and range to the left, figures to the right; the verdict starts under its title. */
function alignStatsCells(cells: readonly string[]): string {
  return cells
    .map((cell, index) => {
      const width = STATS_COLUMNS[index][1];
      return index < 2 || index === cells.length - 1 ? cell.padEnd(width) : cell.padStart(width);
    })
    .join(' ')
    .trimEnd();
}

export function downloadSummary(figures: StatsFigures): string {
  const download = figures.download;
  if (!download) return '';
  const megabytes = (download.bytes / 1e6).toFixed(1);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return `${figures.check.path}, ${figures.check.range.label}, whole download: ${megabytes} MB, ${download.rows.toLocaleString('en')} rows (content-encoding ${download.contentEncoding}), median ${seconds(download.medianTotalMs)} s, worst ${seconds(download.worstTotalMs)} s`;
}

const SIDE_BY_SIDE_COLUMNS = [
  ['scenario', 44],
  ['cached req/s', 13],
  ['cached p95', 11],
  ['cold req/s', 11],
  ['cold p95', 9],
  ['cold p99', 9],
] as const;

function alignSideBySide(cells: readonly string[]): string {
  return cells.map((cell, index) => (index === 0 ? cell.padEnd(SIDE_BY_SIDE_COLUMNS[0][1]) : cell.padStart(SIDE_BY_SIDE_COLUMNS[index]![1]))).join(' ');
}

/** Cached and cold (library cache off) figures of the same scenarios, one row each. */
export function sideBySideTable(cached: readonly ScenarioFigures[], cold: readonly ScenarioFigures[]): string {
  const rows = cold.map((coldFigures) => {
    const cachedFigures = cached.find((figures) => figures.name === coldFigures.name);
    return alignSideBySide([
      coldFigures.name,
      cachedFigures ? cachedFigures.requestsPerSecond.toFixed(0) : '-',
      cachedFigures ? cachedFigures.p95.toFixed(1) : '-',
      coldFigures.requestsPerSecond.toFixed(0),
      coldFigures.p95.toFixed(1),
      coldFigures.p99.toFixed(1),
    ]);
  });
  return [alignSideBySide(SIDE_BY_SIDE_COLUMNS.map(([title]) => title)), ...rows].join('\n');
}
