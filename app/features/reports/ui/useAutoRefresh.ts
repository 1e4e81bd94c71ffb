// REPORT RESULTS revalidates on a timer with JavaScript, only while the page
// is visible and nothing else is loading.
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

export function useAutoRefresh(enabled: boolean, everyMs: number) {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  useEffect(() => {
    if (!enabled) return;
    const t = window.setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle" && navigation.state === "idle") revalidate();
    }, everyMs);
    return () => window.clearInterval(t);
  }, [enabled, everyMs, revalidate, state, navigation.state]);
}
