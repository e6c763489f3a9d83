/** docs/product.md §2 crew page: "clicking one opens /crew?name=<name>". */
export function crewLink(name: string): string {
  return `/crew?name=${encodeURIComponent(name)}`;
}
