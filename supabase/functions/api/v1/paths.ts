/** Whether a request belongs to the public /api/v1 surface (API keys, its own error shape). */
export function isV1Path(path: string): boolean {
  return path === '/api/v1' || path.startsWith('/api/v1/');
}
