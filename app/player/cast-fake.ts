/** An in-memory `CastController` for tests (see ./cast.ts). */
import type { CastController, CastSessionListener } from "./cast";
import { buildCastLoadRequest, type CastLoadRequest } from "./cast-request";

export interface FakeCast extends CastController {
  /** Requests sent by `load`, oldest first. */
  readonly loads: CastLoadRequest[];
  setAvailable(available: boolean): void;
  /** The device ends the session on its own (e.g. stopped from the phone). */
  simulateRemoteDisconnect(): void;
}

/** In-memory CastController. */
export function createFakeCast(options: { available?: boolean } = {}): FakeCast {
  let available = options.available ?? true;
  let connected = false;
  const listeners = new Set<CastSessionListener>();
  const availability = new Set<(available: boolean) => void>();
  const loads: CastLoadRequest[] = [];
  const emit = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    for (const l of [...listeners]) l(value);
  };
  return {
    loads,
    isAvailable: () => available,
    isConnected: () => connected,
    setAvailable(value) {
      if (available !== value) {
        available = value;
        for (const l of [...availability]) l(value);
      }
      if (!value) emit(false);
    },
    async connect() {
      if (!available) throw new Error("No cast device available");
      emit(true);
    },
    async disconnect() {
      emit(false);
    },
    async load(media) {
      if (!connected) throw new Error("Not connected to a cast device");
      loads.push(buildCastLoadRequest(media));
    },
    onSessionChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onAvailabilityChange(listener) {
      availability.add(listener);
      return () => availability.delete(listener);
    },
    simulateRemoteDisconnect() {
      emit(false);
    },
  };
}
