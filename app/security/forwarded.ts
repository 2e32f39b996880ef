/**
 * The entry a trusted proxy chain added to a comma-separated forwarding header
 * (X-Forwarded-For: the only one the app reads; docs/security.md). With `hops` proxies, each appending (or the nearest
 * overwriting), the entry `hops` places from the right was added by the outermost one:
 * what it saw of the client. Entries further left are the client's own claims. With no
 * trusted proxy (hops 0) the headers are ignored: anyone can send them.
 */
export function forwardedEntry(header: string | null, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(",").map((e) => e.trim());
  return entries[Math.max(0, entries.length - hops)] || null;
}
