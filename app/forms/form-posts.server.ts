import { data, type MiddlewareFunction } from "react-router";

// Every form posts to its route's action, and actions read forms (request.formData()).
// A body that is not a form (no Content-Type, JSON, text, a broken multipart body) made
// formData() throw inside the action: a 500 for what is the client's mistake. Found by the
// fuzz suite (tests/faults/fuzz.test.ts); refused here, once, for every action.

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
/** The embedded search endpoint speaks JSON (which the search client sends as text/plain). */
const NOT_FORMS = /^\/1(\/|$)/;

export const FORM_UNREADABLE = "We could not read what was sent. Go back, check the form and send it again.";

export const formPostsOnly: MiddlewareFunction<Response> = async ({ request, url }) => {
  if (request.method === "GET" || request.method === "HEAD" || NOT_FORMS.test(url.pathname)) return;
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPE.test(type)) throw data(FORM_UNREADABLE, { status: 415 });
  // URL-encoded bodies always parse; a multipart body may not (a wrong or missing boundary).
  if (/^multipart\//i.test(type)) {
    try {
      await request.clone().formData();
    } catch {
      throw data(FORM_UNREADABLE, { status: 400 });
    }
  }
};
