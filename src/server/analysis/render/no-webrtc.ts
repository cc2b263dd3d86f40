/**
 * WebRTC is the one way a rendering page could make Chromium send packets of its own: a peer
 * connection given a STUN or TURN server (`stun:127.0.0.1:3478`, `turn:10.0.0.1`) sends it UDP
 * straight from the browser, past request interception and the dead proxy, and two peer
 * connections in one page gather host candidates and talk to each other. Rendering has no use for
 * it, so it is taken away twice:
 *
 * - in the page: every document of a rendering tab (frames and popups included) loses the WebRTC
 *   interfaces and the camera and microphone before its own scripts run, as in a browser built
 *   without WebRTC;
 * - in Chromium: WebRTC may use no UDP that does not go through the proxy, and the proxy is one
 *   that does not exist, so even a peer connection that somehow came back gathers no candidate
 *   and sends nothing.
 */

/**
 * The launch flags that keep WebRTC off the network (the same policy as Chromium's WebRtcIPHandling
 * enterprise policy). Each Chromium honours one of the two spellings and ignores the other: Debian's
 * chromium (the full browser in headless mode) reads `--webrtc-ip-handling-policy`, the headless
 * shell that @sparticuz/chromium ships reads `--force-webrtc-ip-handling-policy`. Checked with a
 * UDP listener for both (no-webrtc.test.ts runs against whichever findChromium picks).
 */
export const WEBRTC_OFF_FLAGS = [
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Run in every document before its scripts (Playwright adds it to new frames and popups too,
 * about:blank and srcdoc frames included). Dedicated workers expose RTCDataChannel (for channels
 * transferred to them) but no RTCPeerConnection, so they cannot open a connection and are left as
 * they are. A source string rather than a function: what the bundler makes of a function's text
 * is not ours to rely on.
 */
export const REMOVE_WEBRTC_SCRIPT = `(() => {
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (/^(webkit)?RTC[A-Z]/.test(name)) delete globalThis[name];
  }
  for (const name of ['mediaDevices', 'getUserMedia', 'webkitGetUserMedia']) {
    delete Navigator.prototype[name];
    delete navigator[name];
  }
})();`;
