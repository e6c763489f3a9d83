import { Form, Link, useNavigation } from "@remix-run/react";

/** The one-time adult-content confirmation shown instead of any SpankBank page; a plain POST form. */
export function GalleryGate({ redirectTo }: { redirectTo: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="gallery-gate" aria-labelledby="gallery-gate-title">
      <p className="gallery-gate__badge" aria-hidden="true">
        18+
      </p>
      <h1 id="gallery-gate-title">Adults only</h1>
      <p className="gallery-gate__text">
        The SpankBank gallery holds photos and videos meant for adults. Please confirm that you are 18 or older to
        continue. We remember your answer on your account, so you only need to do this once.
      </p>
      <Form method="post" replace className="gallery-gate__form">
        <input type="hidden" name="intent" value="confirm-adult" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit" className="button" disabled={busy}>
          I am 18 or older
        </button>
        <Link to="/" className="button button--ghost">
          Take me home
        </Link>
      </Form>
    </section>
  );
}
