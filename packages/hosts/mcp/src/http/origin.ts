// @dsh-pure
/**
 * DNS-rebinding protection (the MCP streamable HTTP transport requires servers to validate
 * `Origin`): a request from a browser page carries its origin; only pages served from this
 * machine (localhost, 127.0.0.0/8, [::1]) may reach the server. Requests without `Origin`
 * (every non-browser client) pass; the bearer token guards them.
 */

/** True for a host name or address of this machine: localhost, 127.0.0.0/8, ::1 (bracketed or not). */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/** True when the Origin header is absent or names a page on this machine. */
export function originAllowed(origin: string | undefined): boolean {
  if (origin === undefined) return true
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  return isLocalHost(url.hostname)
}
