import { useEffect, useRef, useState } from "react";
import type { DataLayerPage } from "../session/context";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function pushScript(page: DataLayerPage) {
  return `window.dataLayer=window.dataLayer||[];window.dataLayer.push(${JSON.stringify(page).replace(/</g, "\\u003c")});`;
}

/**
 * The datalayer guard's page view: inline for the first document (before the tag manager
 * reads the layer), then pushed from the browser on each client navigation.
 */
export function DataLayer({ page, nonce }: { page: DataLayerPage; nonce: string | undefined }) {
  const [initial] = useState(() => pushScript(page));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    (window.dataLayer ??= []).push(page);
  }, [page]);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: initial }} />;
}
