/**
 * The spec's alerts of the account screens (docs/product.md §8 sign-up messages and the like): the
 * exact text on the page, announced (`role="alert"` for an error, `status` otherwise) and never a
 * blocking window.alert. The same markup is the flash message of the next page without JavaScript;
 * with it, the message arrives with a navigation and its region, new to the page, is announced.
 */
export function AlertMessage({
  message,
  tone = "error",
}: {
  message: string | null | undefined;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <p className={`flash flash--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
