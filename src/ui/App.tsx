// PLACEHOLDER shell: replaced by the viewer work (issue 3).
export function App() {
  return <div data-load-state="idle">dsh-replay</div>;
}
