import { useCallback, useEffect, useState } from "react";
import { readOffline, workersExist } from "~/sw/client";
import type { OfflineIndex } from "~/sw/kept";

/**
 * The stories this device keeps, read once the page runs: `null` until then (the server and
 * the first render know nothing of the device), and `supported` false where the browser has no
 * service workers at all.
 */
export function useKept() {
  const [index, setIndex] = useState<OfflineIndex | null>(null);
  const [supported, setSupported] = useState(true);
  const refresh = useCallback(async () => setIndex(await readOffline()), []);
  useEffect(() => {
    setSupported(workersExist());
    void refresh();
  }, [refresh]);
  return { index, supported, refresh };
}
