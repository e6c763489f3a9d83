import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";

export { decodeHTML as decodeEntities };

/** The text of an HTML fragment, entities decoded, whitespace collapsed; tags become spaces. */
export function stripTags(html: string): string {
  let text = "";
  const parser = new Parser({
    ontext: (t) => (text += t),
    onopentag: () => (text += " "),
    onclosetag: () => (text += " "),
  });
  parser.end(html);
  return text.replace(/\s+/g, " ").trim();
}
