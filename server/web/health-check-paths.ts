/**
 * The paths machines poll every few seconds: the health checks (features/health-checks) and Prometheus' scrape
 * (features/metrics). Never rate limited, never counted in the request stats.
 */
export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

export function isMonitoringPath(path: string): boolean {
  return path === HEALTHZ_PATH || path === READYZ_PATH || path === METRICS_PATH;
}
