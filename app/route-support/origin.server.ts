/**
 * The public origin absolute links are made against (ADR 017): SITE_URL's when it is set, else the
 * request's own, as Express resolved it: the Host header (a host name, or the request is refused
 * first), and X-Forwarded-Proto/-Host only from the TRUST_PROXY_HOPS proxies trusted. The render
 * cache keys pages by that same origin, so a forged Host only ever gets its own copy.
 */
export function publicOrigin(request: Request, siteUrl: string | undefined): string {
  return new URL(siteUrl ?? request.url).origin;
}
