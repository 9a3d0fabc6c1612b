export default function TaskLab() {
  return <section aria-labelledby="task-title"><h1 id="task-title">Task lab</h1></section>;
}
