import { createContext, useContext, useState, type ReactNode } from "react";
import { createLoadingStore, type LoadingState } from "./loading";

// Client UI state only. Made once per render root: per request on the server, once per
// page in the browser — never a module-level store shared between requests.
export interface AppStores {
  loading: LoadingState;
}

const StoresContext = createContext<AppStores | null>(null);

export function StoresProvider({ children }: { children: ReactNode }) {
  const [stores] = useState<AppStores>(() => ({ loading: createLoadingStore() }));
  return <StoresContext value={stores}>{children}</StoresContext>;
}

export function useStores(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error("useStores needs <StoresProvider>");
  return stores;
}
