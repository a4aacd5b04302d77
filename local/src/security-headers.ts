/**
 * The security headers of every answer the local stack gives, and of the static host's `_headers` file
 * (public/_headers, checked against this module by local/test/security-headers.test.ts). The policy allows
 * only what the SPA loads: its own origin, plus PayPal's SDK origins when PayPal is the payment provider.
 */

export interface SecurityHeaderOptions {
  /** PayPal's JavaScript SDK is loaded on the checkout page. */
  paypal?: boolean;
  /** The answer reached the browser over HTTPS (directly or through a TLS-terminating proxy). */
  https?: boolean;
  /** Extra origins the SPA talks to (a Supabase project's URL when the API is not on the page's origin). */
  connectOrigins?: readonly string[];
}

// PayPal's published CSP list for its JavaScript SDK (developer.paypal.com/sdk/js/best-practices).
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];

/** Directive → sources. blob:/data: cover the 3D viewer (glTF textures) and the video preview. */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const paypal = options.paypal ? PAYPAL : [];
  const connect = options.connectOrigins ?? [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // The viewer's meshopt decoder is WebAssembly; 'wasm-unsafe-eval' allows compiling it, not JS eval.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...paypal]],
    // Toasts and the viewer set inline styles at run time; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'", ...paypal]],
    ['img-src', ["'self'", 'data:', 'blob:', ...paypal]],
    ['media-src', ["'self'", 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", 'data:', 'blob:', ...connect, ...paypal]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', paypal.length ? paypal : ["'none'"]],
    ['child-src', paypal.length ? ["'self'", ...paypal] : ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...paypal]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The policy of JSON, file and redirect answers from `/api` and `/auth/v1`: they never run as a page. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

function permissionsPolicy(options: SecurityHeaderOptions = {}): string {
  const payment = options.paypal
    ? 'payment=(self "https://www.paypal.com" "https://www.sandbox.paypal.com")'
    : 'payment=()';
  return [
    // The studio's guided capture takes photos with the phone's camera (getUserMedia); nothing else may.
    'camera=(self)',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'midi=()',
    payment,
  ].join(', ');
}

/** Headers for one answer; `kind` is whether it is a page (the SPA and its assets) or an API answer. */
export function securityHeaders(
  kind: 'page' | 'api',
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': kind === 'page' ? contentSecurityPolicy(options) : API_CONTENT_SECURITY_POLICY,
    'Permissions-Policy': permissionsPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // Not plain same-origin: the Google sign-in popup and PayPal's window report back to their opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
  // Browsers ignore HSTS over plain HTTP; sending it only over HTTPS keeps localhost usable.
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

/**
 * The same headers for a static host that reads a `_headers` file (Netlify, Cloudflare Pages): PayPal on,
 * HTTPS, and the API and auth of any Supabase project. public/_headers is this text.
 */
export function staticHostHeadersFile(): string {
  const headers = securityHeaders('page', {
    paypal: true,
    https: true,
    connectOrigins: ['https://*.supabase.co'],
  });
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n${STATIC_HOST_CACHING}`;
}

/**
 * The build's hashed assets never change under their name, so browsers keep them a year. HTML is left to the
 * host's default (Netlify and Cloudflare Pages revalidate it on every visit, as the local gateway does), so a
 * new build shows at once.
 */
const STATIC_HOST_CACHING = '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n';
