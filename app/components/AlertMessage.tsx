import { useEffect } from "react";

/**
 * The spec's alerts (docs/product.md §8): with JS a window.alert with the exact text; the same text is
 * always on the page too, so it works without JS (the "flash message" of DESIGN).
 */
export function AlertMessage({
  message,
  tone = "error",
  alert = true,
}: {
  message: string | null | undefined;
  tone?: "error" | "success";
  alert?: boolean;
}) {
  useEffect(() => {
    if (message && alert) window.alert(message);
  }, [message, alert]);
  if (!message) return null;
  return (
    <p className={`flash flash--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
