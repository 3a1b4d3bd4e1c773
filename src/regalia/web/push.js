// Web Push (issue 45): once the person has said yes to notifications (notices.js asks, from a button at a
// turn-based table), this browser subscribes with the server's VAPID key and gives the subscription to the
// signed-in profile, so a your-turn notice reaches it with every tab closed (sw.js shows it). A guest has no
// profile to keep it for: nothing is asked of the push service then. A failure only means no push notices.
import { call, me } from "./api.js";

export const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The server's key, base64url text, as the bytes ``pushManager.subscribe`` wants. */
export function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(buffer, bytes) {
  if (!buffer) return false;
  const held = new Uint8Array(buffer);
  return held.length === bytes.length && held.every((byte, i) => byte === bytes[i]);
}

/** Subscribe (or renew: a server with a new key needs a new subscription) and tell the server; true if done. */
export async function subscribePush() {
  if (!pushSupported() || Notification.permission !== "granted" || !me()?.token) return false;
  try {
    const ready = await navigator.serviceWorker.ready;
    const key = keyBytes((await call("GET", "/api/push/key")).key);
    let subscription = await ready.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options?.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription = subscription || await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await call("POST", "/api/push/subscriptions", subscription.toJSON());
    return true;
  } catch (error) {
    console.warn("no push notices in this browser:", error.message);
    return false;
  }
}

/** Signing out: this browser's subscription is forgotten by the server and the push service (a shared
 *  computer must not go on showing the profile's notices). Called while the profile's token still works. */
export async function unsubscribePush() {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await call("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => null);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn("push subscription not removed:", error.message);
  }
}
