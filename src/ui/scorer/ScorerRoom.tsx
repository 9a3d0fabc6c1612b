export default function ScorerRoom(_props: { embed?: boolean }) {
  return <section aria-labelledby="scorer-title"><h1 id="scorer-title">Scorer</h1></section>;
}
