/**
 * Whether a request target is the API's (/api and below): every refusal there is answered as RFC 9457
 * problem details, as the API's routes answer (decision 0074), by both servers' guards. Case-insensitive,
 * as Remix matches routes.
 */
export function isApiPath(target: string): boolean {
  return /^\/api(\/|\?|$)/i.test(target);
}
