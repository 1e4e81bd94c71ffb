// The per-request CSP nonce, created in entry.server.tsx and given to the
// <Scripts>/<ScrollRestoration> elements of root.tsx.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
