// The demo's stand-in for Google's sign-in page, in the popup the Firebase SDK opens
// (`/emulator/auth/handler` on the shop's origin; see ../proxy.cjs). It replaces the emulator's own
// page, which listed every Google account, signed anyone in as any address (verified), and sent
// the browser to any `redirectUrl`, `javascript:` included. Here: popup sign-in only, no list,
// no redirect; the shop's server makes the credential (POST /__/auth-emulator/google-sign-in), and
// the answer goes only to the SDK's helper frame on this same origin.
/* global window, document */
(function googleSignInStandIn() {
  'use strict';

  const query = new URLSearchParams(window.location.search);
  const apiKey = query.get('apiKey');
  const appName = query.get('appName');
  const authType = query.get('authType');
  const providerId = query.get('providerId');
  const eventId = query.get('eventId');
  const tenantId = query.get('tid');
  // Only the SDK's popup sign-in opens this page; there is no redirect flow to follow anywhere.
  const usable = providerId === 'google.com' && authType === 'signInViaPopup' && apiKey && appName && eventId;
  const form = /** @type {HTMLFormElement} */ (document.getElementById('sign-in-form'));
  const error = /** @type {HTMLElement} */ (document.getElementById('error'));
  const button = /** @type {HTMLButtonElement} */ (document.getElementById('sign-in'));
  const emailInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('email'));
  const displayNameInput = /** @type {HTMLInputElement} */ (form.elements.namedItem('displayName'));

  /** @param {string} message */
  function fail(message) {
    error.textContent = message;
    button.disabled = false;
  }

  if (!usable) {
    form.hidden = true;
    error.textContent = 'Only “Continue With Google” on the shop opens this page.';
  }

  /** The SDK's helper iframe in the window that opened this one, on this origin only. */
  function helperFrame() {
    const opener = window.opener;
    if (!opener) return null;
    for (let i = 0; i < opener.frames.length; i += 1) {
      try {
        const frame = opener.frames[i];
        if (frame.location.origin !== window.location.origin) continue;
        const params = new URLSearchParams(frame.location.search);
        if (frame.location.pathname === '/emulator/auth/iframe' && params.get('apiKey') === apiKey && params.get('appName') === appName) return frame;
      } catch {
        // Another origin's frame: not the helper.
      }
    }
    return null;
  }

  form.addEventListener('submit', async (event) => {
    // Never a native submission (the policy's form-action 'none' would refuse it anyway).
    event.preventDefault();
    if (!usable) return;
    error.textContent = '';
    button.disabled = true;
    const frame = helperFrame();
    if (!frame) return fail('Open this page with “Continue With Google” on the shop.');
    let answer;
    try {
      const response = await fetch('/__/auth-emulator/google-sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: emailInput.value, displayName: displayNameInput.value }),
      });
      answer = await response.json();
      if (!response.ok) return fail(answer.message || 'The sign-in could not be made. Try again.');
    } catch {
      return fail('The sign-in could not be made. Try again.');
    }
    const urlResponse = `${window.location.origin}/emulator/auth/handler?providerId=google.com&id_token=${encodeURIComponent(answer.idToken)}`;
    frame.postMessage(
      {
        eventType: 'sendAuthEvent',
        data: {
          storageKey: `${apiKey}:${appName}`,
          authEvent: { type: authType, eventId, urlResponse, sessionId: 'ValueNotUsedByAuthEmulator', postBody: '', tenantId, error: null },
        },
      },
      window.location.origin,
    );
  });
})();
