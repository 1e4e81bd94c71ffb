// The pipeline card of the dashboard (decision 0027): two server-rendered SVG
// charts (role="img" with <title>/<desc> giving every number) and a table of
// the same counts, each a plain link to its filtered list (in-page navigation
// with JavaScript, app/components/nav-links.ts). No JavaScript needed.
import { useClientLinks } from "~/components/nav-links";
import { barChart, formatCount, PIPELINE_DAYS, sparkline, weekLabel, type PipelineCounts, type WeekCount } from "~/features/pipeline/chart";

/** The compliance view's list of the downline's agents not in good order (decision 0073). */
export const NOT_IN_GOOD_ORDER_HREF = "/compliance?standing=NOT_IN_GOOD_ORDER";

export function PipelineCard({ counts, weeks, notInGoodOrder }: { counts: PipelineCounts; weeks: WeekCount[]; notInGoodOrder: number }) {
  const link = useClientLinks();
  const chart = barChart(counts);
  const spark = sparkline(weeks);
  const last = spark.dots[spark.dots.length - 1];
  return (
    <section className="card pipeline" aria-labelledby="pipeline-title">
      <h2 id="pipeline-title" className="card__title">
        Your Downline&apos;s Pipeline
      </h2>
      <p className="muted">Invitations you sent and applications of your downline started in the last {PIPELINE_DAYS} days.</p>
      <div className="pipeline__body">
        <svg
          className="pipeline__chart"
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          role="img"
          aria-labelledby="pipeline-chart-title pipeline-chart-desc"
          preserveAspectRatio="xMinYMin meet"
        >
          <title id="pipeline-chart-title">{chart.title}</title>
          <desc id="pipeline-chart-desc">{chart.desc}</desc>
          {chart.bars.map((b) => (
            <g key={b.key} className={`pipeline__bar pipeline__bar--${b.key}`}>
              <text x={chart.barX - 8} y={b.labelY} textAnchor="end" dominantBaseline="middle">
                {b.label}
              </text>
              <rect x={chart.barX} y={b.y} width={b.width} height={chart.barHeight} rx={3} />
              <text x={b.countX} y={b.labelY} dominantBaseline="middle" className="pipeline__count">
                {formatCount(b.count)}
              </text>
            </g>
          ))}
        </svg>
        <table className="table pipeline__table">
          <caption className="visually-hidden">Pipeline counts, last {PIPELINE_DAYS} days, each linking to its list</caption>
          <tbody>
            {chart.bars.map((b) => (
              <tr key={b.key}>
                <th scope="row">{b.label}</th>
                <td>
                  <a {...link(b.href)} aria-label={`${b.label}: ${formatCount(b.count)}, show the list`}>
                    {formatCount(b.count)}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="pipeline__compliance">
        Not in good order:{" "}
        <a {...link(NOT_IN_GOOD_ORDER_HREF)} aria-label={`Agents not in good order: ${formatCount(notInGoodOrder)}, show the list`} data-testid="pipeline-not-in-good-order">
          {formatCount(notInGoodOrder)}
        </a>
      </p>
      <h3 className="pipeline__subtitle">Submitted per week</h3>
      <div className="pipeline__spark">
        <svg
          viewBox={`0 0 ${spark.width} ${spark.height}`}
          role="img"
          aria-labelledby="pipeline-spark-title pipeline-spark-desc"
          preserveAspectRatio="none"
          className="pipeline__sparkline"
        >
          <title id="pipeline-spark-title">{spark.title}</title>
          <desc id="pipeline-spark-desc">{spark.desc}</desc>
          <polyline points={spark.points} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          {last ? <circle cx={last.x} cy={last.y} r={3} /> : null}
        </svg>
        <p className="muted pipeline__spark-total">
          {formatCount(spark.total)} in {spark.dots.length} weeks
          {last ? `; this week (from ${weekLabel(last.week)}): ${formatCount(last.count)}` : ""}
        </p>
      </div>
    </section>
  );
}
