import { useEffect, useRef, type FormEvent } from "react";
import {
  createRegistrationStore, NEVER_KEPT, REGISTRATION_STORAGE_KEY, persistRegistration, registrationState, type RegistrationArea,
} from "../state/registration";
import { useStore } from "../state/stores";
import type { GroupType } from "../../generated/schemas";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Keeps a registration form's unsaved typing in the registration store (persisted to
 * sessionStorage for the tab) and puts it back after a reload. The server renders the
 * saved draft; once hydrated, what was typed since wins. Spread onto the <Form>.
 */
export function useRegistrationTyping(group: GroupType, area: RegistrationArea) {
  const registration = useStore(createRegistrationStore);
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const stop = persistRegistration(registration, window.sessionStorage);
    const form = ref.current;
    if (form) {
      for (const [name, value] of Object.entries(registration.groups[group][area])) {
        const element = form.elements.namedItem(name);
        if (NEVER_KEPT.has(name)) continue;
        if (element instanceof HTMLInputElement) {
          if (element.type === "checkbox") element.checked = value === "on";
          else if (element.type !== "hidden" && element.type !== "radio") element.value = value;
        } else if (element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
          element.value = value;
        }
      }
    }
    return stop;
  }, [registration, group, area]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as Control;
    if (!target.name || NEVER_KEPT.has(target.name) || target.type === "hidden") return;
    const value = target instanceof HTMLInputElement && target.type === "checkbox" ? (target.checked ? "on" : "") : target.value;
    registrationState.type(registration, group, area, target.name, value);
  }

  return { ref, onChange };
}

/** Forgets every group's unsaved typing (the review's submit: everything is in the draft by then). */
export function useClearRegistrationTyping() {
  const registration = useStore(createRegistrationStore);
  return () => {
    registrationState.clear(registration);
    try {
      window.sessionStorage.removeItem(REGISTRATION_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was kept there.
    }
  };
}
