export default function JudgeLab() {
  return <section aria-labelledby="judge-title"><h1 id="judge-title">Judge lab</h1></section>;
}
