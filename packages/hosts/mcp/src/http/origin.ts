// @dsh-pure
/**
 * DNS-rebinding protection (the MCP streamable HTTP transport requires servers to validate
 * `Origin`): a request from a browser page carries its origin; only pages served from this
 * machine (localhost, 127.0.0.0/8, [::1]) may reach the server. Requests without `Origin`
 * (every non-browser client) pass; the bearer token guards them.
 */

const LOCAL_HOSTS = new Set(['localhost', '[::1]'])

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
  const host = url.hostname.toLowerCase()
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host)
}
