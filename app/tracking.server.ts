/** Do-Not-Track or Global Privacy Control: then the tag manager is not loaded at all. */
export function trackingRefused(request: Request): boolean {
  return request.headers.get("DNT") === "1" || request.headers.get("Sec-GPC") === "1";
}
