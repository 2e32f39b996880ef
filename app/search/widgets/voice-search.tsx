import connectVoiceSearch from "instantsearch.js/es/connectors/voice-search/connectVoiceSearch.js";
import createDefaultVoiceSearchHelper from "instantsearch.js/es/lib/voiceSearchHelper/index.js";
import type {
  CreateVoiceSearchHelper,
  VoiceListeningState,
  VoiceSearchHelper,
} from "instantsearch.js/es/lib/voiceSearchHelper/types";
import { useEffect, useState } from "react";
import { useConnector } from "react-instantsearch-core";
import { SEARCH_TEXTS, voiceStatusText } from "../texts";
import { VOICE_SEARCH_LANGUAGE } from "../widget-params";
import { MicrophoneIcon } from "./icons";

const IDLE: VoiceListeningState = { status: "initial", transcript: "", isSpeechFinal: false };

// The server has no speech recognition (instantsearch.js's helper reads `window` at once).
const serverVoiceSearchHelper: VoiceSearchHelper = {
  getState: () => IDLE,
  isBrowserSupported: () => false,
  isListening: () => false,
  startListening: () => {},
  stopListening: () => {},
  dispose: () => {},
};

export const createVoiceSearchHelper: CreateVoiceSearchHelper = (params) =>
  typeof window === "undefined" ? serverVoiceSearchHelper : createDefaultVoiceSearchHelper(params);

/**
 * Whether the browser has a microphone to listen with. Speech recognition alone is not
 * enough: without a microphone (a headless browser, a desktop without one) it can only fail.
 * False until checked after hydration, so the server's markup and the first render agree.
 */
function useMicrophone(): boolean {
  const [present, setPresent] = useState(false);
  useEffect(() => {
    const devices = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!devices?.enumerateDevices) return;
    let current = true;
    const check = () =>
      devices
        .enumerateDevices()
        .then((list) => current && setPresent(list.some((d) => d.kind === "audioinput")))
        .catch(() => current && setPresent(false));
    void check();
    devices.addEventListener?.("devicechange", check);
    return () => {
      current = false;
      devices.removeEventListener?.("devicechange", check);
    };
  }, []);
  return present;
}

export interface VoiceSearchViewProps {
  supported: boolean;
  listening: boolean;
  state: VoiceListeningState;
  onToggle: () => void;
}

/** The voice search button and what it is doing; states: docs/requirements.md §6.3. */
export function VoiceSearchView({ supported, listening, state, onToggle }: VoiceSearchViewProps) {
  const title = supported ? SEARCH_TEXTS.voiceSearch : SEARCH_TEXTS.voiceSearchUnsupported;
  const notAllowed = state.status === "error" && state.errorCode === "not-allowed";
  const status = supported ? voiceStatusText(state.status, state.transcript, state.errorCode) : "";
  return (
    <>
      <button
        type="button"
        className={`icon-button voice-search-button${listening ? " voice-search-listening" : ""}`}
        title={title}
        // Focusable even when unsupported, so its name says why it does nothing.
        aria-disabled={supported ? undefined : true}
        aria-pressed={supported ? listening : undefined}
        data-status={state.status}
        onClick={() => supported && onToggle()}
      >
        <MicrophoneIcon crossedOut={notAllowed} />
        <span className="visually-hidden">{title}</span>
      </button>
      <p className="voice-search-status" role="status">
        {status}
      </p>
    </>
  );
}

export function VoiceSearch() {
  const { isBrowserSupported, isListening, toggleListening, voiceListeningState } = useConnector(
    connectVoiceSearch,
    { createVoiceSearchHelper, language: VOICE_SEARCH_LANGUAGE },
    { $$widgetType: "ais.voiceSearch" },
  );
  const microphone = useMicrophone();
  return (
    <VoiceSearchView
      supported={isBrowserSupported && microphone}
      listening={isListening}
      state={voiceListeningState}
      onToggle={toggleListening}
    />
  );
}
