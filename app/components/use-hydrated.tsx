import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React has taken over the page: the place to switch a
 * control from its no-JavaScript form (a link, a plain form) to its enhanced one.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
