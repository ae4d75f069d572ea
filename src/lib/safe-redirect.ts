/**
 * `forwardUrl` / `redirectUrl` are honoured only as same-origin relative paths: one leading '/',
 * no scheme, no '//' and no '\' (ARCHITECTURE.md). Anything else goes home.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  if (value.includes('\\')) return undefined
  // Control characters (tab, newline) are stripped by URL parsers and can turn '/\t/x' into '//x'.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined
  return value
}
