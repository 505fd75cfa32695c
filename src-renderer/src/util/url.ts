/** The host (and port) of a base URL, for compact display; the input itself when it is not a URL. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
