// An ID token from Sign in with Apple or Google, through each provider's own script. A script
// is loaded only when its button is pressed, so a page whose player never signs in fetches
// nothing from either. The nonce is made here, given to the provider (which puts it into the
// token) and sent with the token, so a token issued for another page is refused.

import { language } from "./i18n.js";

const SCRIPTS = {
  apple: "https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js",
  google: "https://accounts.google.com/gsi/client",
};

// The providers this page knows how to ask; the server may list others, which need an app.
export const BUTTON_PROVIDERS = ["apple", "google"];

// 16 random bytes in URL-safe base64.
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const loading = new Map();
function loadScript(url) {
  if (!loading.has(url)) {
    loading.set(url, new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = resolve;
      script.onerror = () => { loading.delete(url); script.remove(); reject(new Error(`could not load ${url}`)); };
      document.head.append(script);
    }));
  }
  return loading.get(url);
}

// Apple's popup; resolves with the ID token, rejects when the player closes it.
async function appleIdToken(clientId, nonce) {
  await loadScript(SCRIPTS.apple);
  window.AppleID.auth.init({ clientId, scope: "email", redirectURI: `${location.origin}/`, usePopup: true, nonce });
  const answer = await window.AppleID.auth.signIn();
  return answer.authorization.id_token;
}

// Google's account chooser, and Google's own button in `slot` for when its prompt is not shown
// (the player dismissed it before, or the browser blocks it). Resolves when the player picked
// an account; a player who walks away leaves it pending, and a new press starts over.
async function googleIdToken(clientId, nonce, slot) {
  await loadScript(SCRIPTS.google);
  return new Promise((resolve) => {
    window.google.accounts.id.initialize({ client_id: clientId, nonce, callback: (answer) => resolve(answer.credential) });
    slot.replaceChildren();
    window.google.accounts.id.renderButton(slot, { type: "standard", text: "continue_with", locale: language() });
    window.google.accounts.id.prompt();
  });
}

// The ID token of `provider` (one of BUTTON_PROVIDERS) for this nonce.
export function idTokenFrom(provider, clientId, nonce, slot) {
  return provider === "apple" ? appleIdToken(clientId, nonce) : googleIdToken(clientId, nonce, slot);
}
