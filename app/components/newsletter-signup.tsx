import { useId } from "react";
import { useFetcher } from "react-router";
import type { FieldErrors } from "../forms/validation";
import { CheckboxField, Field } from "./field";
import { FormErrors } from "./form-errors";
import { useFetcherPending } from "../shell/pending";

export interface NewsletterActionData {
  ok: boolean;
  message?: string;
  errors?: FieldErrors;
  values?: { email: string; consent?: string };
}

/** Footer signup. Posts to /newsletter, so it also works before JavaScript loads. */
export function NewsletterSignup({
  heading,
  body,
  submitted,
}: {
  heading: string;
  body: string;
  /** The action's answer when the form was posted without JavaScript. */
  submitted?: NewsletterActionData | undefined;
}) {
  const fetcher = useFetcher<NewsletterActionData>();
  const pending = useFetcherPending(fetcher);
  const id = useId();
  const result = fetcher.data ?? submitted;
  return (
    <section className="newsletter" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{body}</p>
      {result?.ok ? (
        <p role="status" className="success">
          {result.message}
        </p>
      ) : (
        <fetcher.Form method="post" action="/newsletter" noValidate>
          <FormErrors errors={result?.errors ?? {}} fieldIds={{ email: `${id}-email`, consent: `${id}-consent` }} />
          <Field
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            label="Email address"
            defaultValue={result?.values?.email}
            error={result?.errors?.email}
          />
          <CheckboxField
            id={`${id}-consent`}
            name="consent"
            value="yes"
            label="I agree to receive the museum's newsletter for groups"
            defaultChecked={result?.values?.consent === "yes"}
            error={result?.errors?.consent}
          />
          <button type="submit" disabled={pending}>
            {pending ? "Signing up…" : "Sign up"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
