export default function Index() {
  return <h1>floor</h1>;
}
