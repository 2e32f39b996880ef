import { createContext, useContext, useState, type ReactNode } from "react";
import { createBookingStore, type BookingState } from "./booking";
import { createLoadingStore, type LoadingState } from "./loading";
import { createOutreachStore, type OutreachState } from "./outreach";
import { createRegistrationStore, type RegistrationState } from "./registration";

// Client UI state only. Made once per render root: per request on the server, once per
// page in the browser — never a module-level store shared between requests.
export interface AppStores {
  loading: LoadingState;
  booking: BookingState;
  outreach: OutreachState;
  registration: RegistrationState;
}

const StoresContext = createContext<AppStores | null>(null);

export function StoresProvider({ children }: { children: ReactNode }) {
  const [stores] = useState<AppStores>(() => ({
    loading: createLoadingStore(),
    booking: createBookingStore(),
    outreach: createOutreachStore(),
    registration: createRegistrationStore(),
  }));
  return <StoresContext value={stores}>{children}</StoresContext>;
}

export function useStores(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error("useStores needs <StoresProvider>");
  return stores;
}
