/**
 * The error summary at the top of a form: the server's message, or a pointer to the fields,
 * with a link to each field with an error. role="alert", so it is announced when a submit
 * brings it; each field's own error is beside it and linked with aria-describedby (field.tsx).
 */
export function FormErrors({
  errors,
  fieldIds = {},
}: {
  errors: Record<string, string | undefined>;
  /** Error key → the id of its field, for the links to each field (default: the key). */
  fieldIds?: Record<string, string>;
}) {
  const fields = Object.entries(errors).filter(([key, message]) => key !== "form" && message) as [string, string][];
  if (!errors.form && fields.length === 0) return null;
  return (
    <div className="error-summary" role="alert">
      <p>{errors.form ?? "Some details need changing. Check the messages beside the fields."}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.map(([key, message]) => (
            <li key={key}>
              <a href={`#${fieldIds[key] ?? key}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
