import { createContext, useContext, useState, type ReactNode } from "react";

// Client UI state only. Each store is made once per render root: per request on the
// server, once per page in the browser — never a module-level store shared between
// requests. A store is made on first use, from its create function, so the root (loaded
// by every page) imports no store: each page's chunk carries only the stores it uses.

type Stores = Map<() => object, object>;

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ children }: { children: ReactNode }) {
  const [stores] = useState<Stores>(() => new Map());
  return <StoresContext value={stores}>{children}</StoresContext>;
}

/** This render root's store made by `create` (e.g. createOutreachStore): the same one on every call. */
export function useStore<T extends object>(create: () => T): T {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error("useStore needs <StoresProvider>");
  let store = stores.get(create) as T | undefined;
  if (!store) {
    store = create();
    stores.set(create, store);
  }
  return store;
}
