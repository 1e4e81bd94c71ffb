// The completion pie of the application screen (spec part 2 §2 'Right side',
// §9 '60 by 60'): an SVG ring with the percent in the middle. No canvas, so
// it renders on the server and without JavaScript. The ring is decoration
// (hidden from assistive technology); the caption beside it says the percent.
export function CompletionPie({ percent, size = 60 }: { percent: number; size?: number }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  const r = 25;
  const c = 2 * Math.PI * r;
  const done = p >= 100;
  return (
    <div className={`pie${done ? " pie--done" : ""}`}>
      <svg width={size} height={size} viewBox="0 0 60 60" aria-hidden="true" focusable="false">
        <circle cx="30" cy="30" r={r} className="pie__track" fill="none" strokeWidth="8" />
        <circle
          cx="30"
          cy="30"
          r={r}
          className="pie__value"
          fill="none"
          strokeWidth="8"
          strokeDasharray={`${(c * p) / 100} ${c}`}
          transform="rotate(-90 30 30)"
        />
        <text x="30" y="34.5" textAnchor="middle" className="pie__text">
          {p}%
        </text>
      </svg>
      <p className="pie__caption" data-testid="completion-percent">
        {p}% complete
      </p>
    </div>
  );
}
