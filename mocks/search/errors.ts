/** An error the protocol answers as Algolia does: `{ message, status }` with that HTTP status. */
export class SearchApiError extends Error {
  readonly status: number;
  /** Extra response headers (a 405's Allow). */
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = "SearchApiError";
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new SearchApiError(400, message);
