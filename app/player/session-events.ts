/** Fired by the Log Out form: docs/product.md §4 "Explicit logout" resets the player to the live default. */
export const LOGOUT_EVENT = "hrs:logout";
