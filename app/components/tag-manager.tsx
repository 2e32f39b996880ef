import type { Consent } from "../shell/cookie-consent.server";

const consentDefaults = `{ad_storage:"denied",analytics_storage:"denied",ad_user_data:"denied",ad_personalization:"denied",wait_for_update:500}`;
export const consentGranted = { ad_storage: "granted", analytics_storage: "granted", ad_user_data: "granted", ad_personalization: "granted" };

/**
 * Google Tag Manager with consent mode: storage is denied until the cookie notice is
 * accepted. Not rendered at all when the request carried DNT or GPC; the browser checks
 * again before loading, since a privacy extension may set them without the header.
 */
export function TagManager({ gtmId, consent, nonce }: { gtmId: string; consent: Consent | null; nonce: string | undefined }) {
  const update = consent === "accepted" ? `gtag("consent","update",${JSON.stringify(consentGranted)});` : "";
  const script = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}
gtag("consent","default",${consentDefaults});${update}
if(!(navigator.doNotTrack==="1"||window.doNotTrack==="1"||navigator.globalPrivacyControl===true)){
dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});
var s=document.createElement("script");s.async=true;s.id="gtm-script";
var n=document.currentScript&&document.currentScript.nonce;if(n)s.setAttribute("nonce",n);
s.src="https://www.googletagmanager.com/gtm.js?id="+${JSON.stringify(encodeURIComponent(gtmId))};
document.head.appendChild(s);}`;
  // The nonce lets this inline script run under the CSP; gtm.js itself is allowed by origin.
  return <script id="gtm-bootstrap" nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
