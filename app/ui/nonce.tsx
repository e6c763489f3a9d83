import { createContext, useContext } from "react";

/** The response's CSP nonce, provided on the server render only; none on a page every anonymous listener shares. */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
