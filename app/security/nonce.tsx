import { createContext, useContext } from "react";

/**
 * The document's CSP nonce for inline scripts. The server entry provides the nonce it put
 * in the Content-Security-Policy header; the client entry provides the one the browser
 * kept (browsers hide the attribute after parsing, but the `nonce` property stays), so
 * hydration renders the same value.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** In the browser: the nonce of the document's scripts (empty before any script ran). */
export function documentNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
