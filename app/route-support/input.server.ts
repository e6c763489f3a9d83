import { z } from "zod";
import { badRequest } from "./responses.server";
import { ERA_SORTS, type EraSort } from "~/rules/eras";

/** Control characters (NUL and friends) are never valid in a query value. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * One query parameter as text: the first value when it is repeated, trimmed, at most `max`
 * characters. Anything else is a 400 with a message a listener understands (never a 500).
 */
export function queryText(url: URL, name: string, { max = 300, label = name } = {}): string | null {
  const raw = url.searchParams.get(name);
  if (raw === null) return null;
  if (CONTROL.test(raw)) throw badRequest(`The ${label} contains characters that aren't allowed.`);
  if (raw.length > max) throw badRequest(`The ${label} is too long (at most ${max} characters).`);
  return raw.trim();
}

/** A positive page number (1-based); junk is a 400. */
export function queryPage(url: URL, name = "page"): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === "") return 1;
  const r = z.coerce.number().int().min(1).max(100_000).safeParse(raw);
  if (!r.success) throw badRequest(`The ${name} must be a whole number from 1 up.`);
  return r.data;
}

/** An era page's order (`?sort=newest|oldest`); none is the default, junk is a 400. */
export function querySort(url: URL): EraSort {
  const raw = url.searchParams.get("sort");
  if (raw === null || raw === "") return ERA_SORTS[0];
  const r = z.enum(ERA_SORTS).safeParse(raw);
  if (!r.success) throw badRequest(`The sort must be ${ERA_SORTS.join(" or ")}.`);
  return r.data;
}

/** A route param that must be a sane slug-like value; junk is a 404 (no such page). */
export function slugParam(value: string | undefined, notFound: () => Response): string {
  if (!value || value.length > 200 || CONTROL.test(value)) throw notFound();
  return value;
}
