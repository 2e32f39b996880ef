/** Do-Not-Track or Global Privacy Control: then the tag manager is not loaded at all. */
export function trackingRefused(request: Request): boolean {
  return request.headers.get("DNT") === "1" || request.headers.get("Sec-GPC") === "1";
}

/** The tag manager container this request's document loads, or null. The CSP follows it. */
export function tagManagerFor(request: Request, gtmId: string | null): string | null {
  return gtmId && !trackingRefused(request) ? gtmId : null;
}
