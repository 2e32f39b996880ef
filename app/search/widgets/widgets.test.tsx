import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseBound, resolveRange } from "./range-input";
import { VoiceSearchView } from "./voice-search";

describe("range input", () => {
  const bounds = { min: 10, max: 2000 };

  it("takes blank or whole numbers", () => {
    expect(parseBound("")).toBeUndefined();
    expect(parseBound(" 42 ")).toBe(42);
    expect(parseBound("4.5")).toBe("invalid");
    expect(parseBound("-3")).toBe("invalid");
  });

  it("refuses a max lower than the min", () => {
    expect(resolveRange("500", "100", bounds)).toEqual({ ok: false, error: "The largest size can't be lower than the smallest." });
  });

  it("fits the range into the facet's bounds and keeps open ends open", () => {
    expect(resolveRange("100", "500", bounds)).toEqual({ ok: true, value: [100, 500] });
    expect(resolveRange("1", "999999", bounds)).toEqual({ ok: true, value: [10, 2000] });
    expect(resolveRange("", "300", bounds)).toEqual({ ok: true, value: [undefined, 300] });
    expect(resolveRange("300", "300", bounds)).toEqual({ ok: true, value: [300, 300] });
  });
});

describe("voice search", () => {
  const idle = { status: "initial" as const, transcript: "", isSpeechFinal: false };
  const render = (props: Partial<Parameters<typeof VoiceSearchView>[0]>) =>
    renderToStaticMarkup(<VoiceSearchView supported listening={false} state={idle} onToggle={() => {}} {...props} />);

  it("offers search by voice where it is supported", () => {
    const html = render({});
    expect(html).toContain('title="Search by voice"');
    expect(html).toContain('aria-pressed="false"');
    expect(html).not.toContain("aria-disabled");
  });

  it("says when the browser does not support it", () => {
    const html = render({ supported: false });
    expect(html).toContain('title="Search by voice (not supported on this browser)"');
    expect(html).toContain('aria-disabled="true"');
  });

  it("shows each state, and a crossed-out microphone when not allowed", () => {
    for (const status of ["askingPermission", "waiting", "recognizing", "finished", "error"] as const) {
      expect(render({ state: { ...idle, status, transcript: "leeds" } })).toContain(`data-status="${status}"`);
    }
    expect(render({ listening: true, state: { ...idle, status: "waiting" } })).toContain('aria-pressed="true"');
    expect(render({ state: { ...idle, status: "error", errorCode: "not-allowed" } })).toContain('data-icon="microphone-off"');
    expect(render({ state: { ...idle, status: "error", errorCode: "network" } })).toContain('data-icon="microphone"');
  });
});
