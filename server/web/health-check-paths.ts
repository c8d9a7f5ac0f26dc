/** The health checks' paths (features/health-checks): never rate limited, never counted in the request stats. */
export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

export function isHealthCheckPath(path: string): boolean {
  return path === HEALTHZ_PATH || path === READYZ_PATH;
}
