import { createContext, useContext } from "react";

/** The per-response CSP nonce, provided on the server render only (never sent as loader data). */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
