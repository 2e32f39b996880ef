/**
 * A value made the first time it is asked for. Form schemas are declared through it, with
 * the call marked pure: modules that pages also load for their field names would otherwise
 * keep zod's top-level chained calls in the browser bundle (the bundler cannot know they
 * are pure), and with the mark an unused schema is dropped, zod with it.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
