import { useFetcher, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { markSessionStale, SESSION_CHANNEL, type SessionMessage } from "~/player/session-events";
import { REAUTH_FAILED } from "~/rules/account-data";
import { NOT_COMPLETED, providerLoginError } from "~/rules/auth";
import { noticeFor } from "~/rules/notices";
import type { RootData } from "~/services/types";

/** The window the embedded accounts' sign-in runs in (the server's OAuth flow, unchanged). */
const POPUP_NAME = "hrs-sign-in";
const POPUP_FEATURES = "popup,width=500,height=650";
/** The listener closed the popup or started another one: nothing to say. */
const CANCELLED = new Set(["auth/popup-closed-by-user", "auth/cancelled-popup-request", "auth/user-cancelled"]);

let firebaseUsed = false;
/** Whether this page signed in through the Firebase client (then sign-out signs it out too). */
export const firebaseSignedIn = () => firebaseUsed;

const loadFirebase = () => import("./firebase-popup.client");

/**
 * Google/Facebook sign-in without leaving the page, so the player keeps playing: Firebase's
 * popup (its ID token then posted to /auth/firebase) when the web app is configured, else a popup
 * window running the server's OAuth flow, whose last page reports back (postMessage, or this
 * origin's BroadcastChannel when the provider's pages cut the opener link). A blocked popup lets
 * the form go on as the redirect flow it is without JavaScript.
 */
export function usePopupSignIn(
  provider: "google" | "facebook",
  from: "signin" | "signup" | "reauth",
  redirectTo: string,
) {
  const firebase = useRouteLoaderData<RootData>("root")?.config.firebase;
  const popupConfig = firebase?.authDomain ? firebase : null;
  const fetcher = useFetcher<{ error?: string }>();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  // The answer to an earlier attempt is not this one's: hidden from the next click on.
  const [answered, setAnswered] = useState<unknown>(undefined);
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    if (!waiting) return;
    let done = false;
    const finish = (message: unknown) => {
      const m = message as SessionMessage | null;
      if (done || m?.type !== "popup-result") return;
      done = true;
      setWaiting(false);
      if (m.result === "signed-in") {
        markSessionStale();
        navigate(m.to);
      } else if (m.result === "reauthenticated") navigate(m.to);
      else setError(noticeFor(m.result)?.text ?? providerLoginError(provider, NOT_COMPLETED));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.source === popup.current) finish(event.data);
    };
    window.addEventListener("message", onMessage);
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SESSION_CHANNEL);
    if (channel) channel.onmessage = (event) => finish(event.data);
    return () => {
      window.removeEventListener("message", onMessage);
      channel?.close();
    };
  }, [waiting, navigate, provider]);
  const again = from === "reauth";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    setError(null);
    setAnswered(fetcher.data);
    if (popupConfig) {
      event.preventDefault();
      loadFirebase()
        .then((m) => m.popupSignIn(popupConfig, provider, again))
        .then(({ idToken }) => {
          firebaseUsed = true;
          fetcher.submit({ idToken, provider, from, redirectTo }, { method: "post", action: "/auth/firebase" });
        })
        .catch((e: { code?: string }) => {
          if (e?.code === "auth/popup-blocked") form.submit();
          else if (CANCELLED.has(e?.code ?? "")) setError(again ? REAUTH_FAILED.cancelled : null);
          else setError(again ? REAUTH_FAILED.failed : providerLoginError(provider, NOT_COMPLETED));
        });
      return;
    }
    const win = window.open("", POPUP_NAME, POPUP_FEATURES);
    if (!win) return;
    event.preventDefault();
    popup.current = win;
    const flag = Object.assign(document.createElement("input"), { type: "hidden", name: "popup", value: "1" });
    form.append(flag);
    form.target = POPUP_NAME;
    form.submit();
    form.removeAttribute("target");
    flag.remove();
    setWaiting(true);
  };

  return {
    onSubmit,
    /** Fetches the Firebase client before the click, so the popup opens within the click's activation. */
    prefetch: popupConfig ? () => void loadFirebase() : undefined,
    error: error ?? (fetcher.data === answered ? null : fetcher.data?.error) ?? null,
    busy: fetcher.state !== "idle",
  };
}
