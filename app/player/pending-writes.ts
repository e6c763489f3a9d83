/**
 * The writes a listener's browser owes the server (positions, favorites), pure: kept until the
 * server takes them, so a database blip, a restart or a lost network loses nothing. One per
 * listener, kind and audio: the newest (`at`) wins. Sent again after a growing delay, and on the
 * listener's next page; a write answered "signed out" (401) is held, not dropped, until that
 * listener's next page. The edge (use-pending-writes.ts) keeps the queue in memory and in
 * localStorage and does the sending.
 */
import { PENDING_RETRY_FIRST_MS, PENDING_RETRY_MAX_MS, PENDING_WRITES_MAX } from "~/rules/player";

export interface PendingWrite {
  /** The listener it belongs to: never sent with anybody else's session. */
  uid: string;
  kind: "progress" | "favorite" | "upNext" | "speed";
  /** The audio it is about. */
  src: string;
  url: string;
  contentType: string;
  body: string;
  /** When it was made (ms): the newest of one slot wins. */
  at: number;
  /** Failed sends so far. */
  tries: number;
  /** Not before (ms). */
  next: number;
  /** Answered "signed out": not sent again until the listener's next page. */
  held: boolean;
}

/** What became of one send. */
export type Outcome = "stored" | "refused" | "signedOut" | "retry";

/** An HTTP status (0: no answer, the network failed) as an outcome. */
export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return "stored";
  if (status === 401) return "signedOut";
  if (status === 0 || status === 408 || status === 429 || status >= 500) return "retry";
  // Any other 4xx: the write itself is refused (invalid, too large, live): sending it again cannot help.
  return "refused";
}

/** The delay before try number `tries + 1`: doubling, capped, shortened at random by up to half. */
export function backoffMs(tries: number, random: number): number {
  const full = Math.min(PENDING_RETRY_MAX_MS, PENDING_RETRY_FIRST_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(full * (1 - random / 2));
}

const sameSlot = (a: PendingWrite, b: PendingWrite) => a.uid === b.uid && a.kind === b.kind && a.src === b.src;

/** The queue with `write` in its slot, unless the slot already holds a newer one; the oldest beyond the cap go. */
export function keep(queue: readonly PendingWrite[], write: PendingWrite): PendingWrite[] {
  const current = queue.find((w) => sameSlot(w, write));
  if (current && current.at > write.at) return [...queue];
  const next = [...queue.filter((w) => !sameSlot(w, write)), write];
  return next.length <= PENDING_WRITES_MAX ? next : next.sort((a, b) => b.at - a.at).slice(0, PENDING_WRITES_MAX);
}

/** Two copies of the queue (memory, another tab's storage) as one: per slot, the newest. */
export function merge(a: readonly PendingWrite[], b: readonly PendingWrite[]): PendingWrite[] {
  return b.reduce<PendingWrite[]>(keep, [...a]);
}

/** The listener's writes to send now. */
export function due(queue: readonly PendingWrite[], uid: string, now: number): PendingWrite[] {
  return queue.filter((w) => w.uid === uid && !w.held && w.next <= now);
}

/** When the listener's next write falls due (ms), or null when none will by itself. */
export function nextDue(queue: readonly PendingWrite[], uid: string): number | null {
  const times = queue.filter((w) => w.uid === uid && !w.held).map((w) => w.next);
  return times.length ? Math.min(...times) : null;
}

/** The queue after `sent` had `outcome`; a newer write in its slot is left alone. */
export function settle(
  queue: readonly PendingWrite[],
  sent: PendingWrite,
  outcome: Outcome,
  now: number,
  random: number,
): PendingWrite[] {
  return queue.flatMap((w) => {
    if (!sameSlot(w, sent) || w.at !== sent.at) return [w];
    if (outcome === "stored" || outcome === "refused") return [];
    if (outcome === "signedOut") return [{ ...w, held: true }];
    const tries = w.tries + 1;
    return [{ ...w, tries, next: now + backoffMs(tries, random) }];
  });
}

/** A new page of the listener: their held writes are tried again, and every one of theirs at once. */
export function release(queue: readonly PendingWrite[], uid: string, now: number): PendingWrite[] {
  return queue.map((w) => (w.uid === uid ? { ...w, held: false, next: Math.min(w.next, now) } : w));
}

/** The listener's newest position not yet stored: newer than anything the server can have from this browser. */
export function unsentPosition(queue: readonly PendingWrite[], uid: string): PendingWrite | null {
  return queue
    .filter((w) => w.uid === uid && w.kind === "progress")
    .reduce<PendingWrite | null>((newest, w) => (!newest || w.at > newest.at ? w : newest), null);
}

const isWrite = (v: unknown): v is PendingWrite => {
  if (typeof v !== "object" || v === null) return false;
  const w = v as Record<string, unknown>;
  return (
    ["uid", "src", "url", "contentType", "body"].every((k) => typeof w[k] === "string") &&
    (w.kind === "progress" || w.kind === "favorite" || w.kind === "speed") &&
    ["at", "tries", "next"].every((k) => Number.isFinite(w[k])) &&
    typeof w.held === "boolean" &&
    // Only ever our own write endpoints.
    (w.url === "/api/progress" || w.url === "/favorites" || w.url === "/api/speed")
  );
};

/** The queue as stored; anything unreadable (another version's, edited by hand) counts as empty. */
export function parseQueue(text: string | null): PendingWrite[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isWrite).slice(-PENDING_WRITES_MAX) : [];
  } catch {
    return [];
  }
}

/** What the sender needs from the page: storage, the network, a clock. */
export interface SenderDeps {
  load(): string | null;
  store(text: string): void;
  /** Sends one write; resolves to the HTTP status, 0 when no answer came. */
  send(write: PendingWrite): Promise<number>;
  now(): number;
  random(): number;
  log(message: string): void;
  /** A write the server took (the page's data may now be behind it). */
  stored?(write: PendingWrite): void;
}

export type NewWrite = Omit<PendingWrite, "tries" | "next" | "held">;

export interface PendingSender {
  /** The signed-in listener of this page (null: signed out): their writes, held ones too, go now. */
  start(uid: string | null): void;
  /** Keeps a write (the newest of its slot) and sends what is due. */
  add(write: NewWrite): void;
  /** Sends what is due now (the network is back). */
  flush(): void;
  unsentPosition(uid: string): PendingWrite | null;
  stop(): void;
}

/**
 * The queue at work: in memory and in storage (merged on every change, so tabs and the next page
 * share it), each due write sent once at a time, the next send timed for the earliest due one.
 */
export function createPendingSender(deps: SenderDeps): PendingSender {
  let memory: PendingWrite[] = [];
  let uid: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inFlight = new Set<string>();
  const idOf = (w: PendingWrite) => JSON.stringify([w.uid, w.kind, w.src, w.at]);
  const stored = () => {
    try {
      return parseQueue(deps.load());
    } catch {
      return [];
    }
  };
  const update = (op: (queue: PendingWrite[]) => PendingWrite[]) => {
    memory = op(merge(stored(), memory));
    try {
      deps.store(JSON.stringify(memory));
    } catch {
      // Storage full or refused: memory still holds it for this page.
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!uid) return;
    const at = nextDue(
      memory.filter((w) => !inFlight.has(idOf(w))),
      uid,
    );
    if (at !== null) timer = setTimeout(flush, Math.max(0, at - deps.now()));
  };
  function flush() {
    if (!uid) return schedule();
    update((q) => q);
    for (const write of due(memory, uid, deps.now())) {
      const id = idOf(write);
      if (inFlight.has(id)) continue;
      inFlight.add(id);
      void deps
        .send(write)
        .catch(() => 0)
        .then((status) => {
          inFlight.delete(id);
          const outcome = outcomeOf(status);
          if (outcome === "refused" || outcome === "signedOut")
            deps.log(
              `[player] ${write.kind} for ${write.src}: ${status}, ${outcome === "refused" ? "dropped" : "kept"}`,
            );
          update((q) => settle(q, write, outcome, deps.now(), deps.random()));
          if (outcome === "stored") deps.stored?.(write);
          schedule();
        });
    }
    schedule();
  }
  return {
    start(next) {
      uid = next;
      if (next) update((q) => release(q, next, deps.now()));
      flush();
    },
    add(write) {
      update((q) => keep(q, { ...write, tries: 0, next: deps.now(), held: false }));
      flush();
    },
    flush,
    unsentPosition: (of) => unsentPosition(merge(stored(), memory), of),
    stop() {
      clearTimeout(timer);
      timer = undefined;
      uid = null;
    },
  };
}
