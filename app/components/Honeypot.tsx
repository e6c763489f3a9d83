/** A field hidden from people (and assistive tech) that bots fill in; see HONEYPOT_FIELD. */
export function Honeypot() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
