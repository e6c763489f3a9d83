import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A write the server could not take (a 5xx: the page keeps it and sends it again) changed nothing,
 * and in a database blip the reload would fail too.
 */
export const refusedWrite = (actionStatus: number | undefined) => actionStatus !== undefined && actionStatus >= 500;

/**
 * For pages with hearts and Up Next buttons: their data stays after a refused write. Remix's single
 * fetch reloads every route without this export after any action, whatever its status, and a page
 * loader that throws during a blip would put the error page where the heart showed the kept change.
 */
export const keepPageAfterRefusedWrite: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  !refusedWrite(actionStatus) && defaultShouldRevalidate;
