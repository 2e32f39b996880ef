import { Component, useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { Link } from "./link";
import { isChunkLoadError, reloadForChunkErrorInBrowser } from "../shell/chunk-reload";
import { createLoadingStore, loading } from "../state/loading";
import { useStore } from "../state/stores";

export const NOT_FOUND_MESSAGE = "This page could not be found";

export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: NOT_FOUND_MESSAGE };
    const message = typeof error.data === "string" && error.data ? error.data : error.statusText || "Error";
    return { status: error.status || 500, message };
  }
  // Never show a stack or an internal message from an unexpected exception.
  return { status: 500, message: "Error" };
}

function ErrorContent({ error }: { error: unknown }) {
  const store = useStore(createLoadingStore);
  const { status, message } = describeError(error);
  const { pathname, search } = useLocation();

  useEffect(() => {
    loading.fail(store);
    if (isChunkLoadError(error)) reloadForChunkErrorInBrowser();
  }, [error, store]);

  return (
    <section className="error-page" aria-labelledby="error-heading">
      <p className="error-status">Error {status}</p>
      <h1 id="error-heading">{message}</h1>
      {status === 404 ? (
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      ) : (
        <p>
          {/* The same address, loaded afresh: most failures here are a busy or unreachable backend. */}
          Please{" "}
          <Link to={{ pathname, search }} reloadDocument>
            try again
          </Link>
          . If it keeps happening, <Link to="/">go to the home page</Link>.
        </p>
      )}
    </section>
  );
}

/** The last line of defence: if the error page itself throws, show this plain fallback. */
class ErrorPageFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="error-page">
        <h1>An error occurred while showing the error page</h1>
        <p>
          <a href="/">Go back to home</a>
        </p>
      </section>
    );
  }
}

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageFallback>
      <ErrorContent error={error} />
    </ErrorPageFallback>
  );
}
