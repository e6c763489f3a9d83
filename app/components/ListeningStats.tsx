import {
  EPISODES_FINISHED,
  LISTENING_STATS_NOTE,
  LISTENING_STATS_TITLE,
  LISTENING_STATS_UNAVAILABLE,
  listenedText,
  NO_ERA,
  NO_LISTENING_YET,
  TIME_LISTENED,
  type ListeningStats as Stats,
} from "~/rules/listening";

/** /user's listening stats: the totals, then each era's (rules/listening.ts says what they count). */
export function ListeningStats({ stats }: { stats: Stats | null }) {
  return (
    <section className="listening-stats" aria-labelledby="listening-stats-title">
      <h2 id="listening-stats-title">{LISTENING_STATS_TITLE}</h2>
      {stats === null ? (
        <p className="muted">{LISTENING_STATS_UNAVAILABLE}</p>
      ) : stats.eras.length === 0 ? (
        <p className="muted">{NO_LISTENING_YET}</p>
      ) : (
        <>
          <dl className="listening-totals">
            <div>
              <dt>{TIME_LISTENED}</dt>
              <dd>{listenedText(stats.listened)}</dd>
            </div>
            <div>
              <dt>{EPISODES_FINISHED}</dt>
              <dd>{stats.finished}</dd>
            </div>
          </dl>
          <table className="listening-eras">
            <caption>By era</caption>
            <thead>
              <tr>
                <th scope="col">Era</th>
                <th scope="col">{TIME_LISTENED}</th>
                <th scope="col">{EPISODES_FINISHED}</th>
              </tr>
            </thead>
            <tbody>
              {stats.eras.map((e) => (
                <tr key={e.era ?? ""}>
                  <th scope="row">{e.era ?? NO_ERA}</th>
                  <td>{listenedText(e.listened)}</td>
                  <td>{e.finished}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="muted listening-note">{LISTENING_STATS_NOTE}</p>
    </section>
  );
}
