import { getApps, initializeApp, type FirebaseApp } from "firebase/app";
import type { PublicConfig } from "~/services/types";

export type FirebaseWebConfig = NonNullable<PublicConfig["firebase"]>;

/** The one Firebase app of the page (popup sign-in and analytics share it). */
export function firebaseApp(config: FirebaseWebConfig): FirebaseApp {
  return (
    getApps()[0] ??
    initializeApp({
      apiKey: config.apiKey,
      projectId: config.projectId,
      appId: config.appId,
      ...(config.authDomain ? { authDomain: config.authDomain } : {}),
      ...(config.measurementId ? { measurementId: config.measurementId } : {}),
    })
  );
}
