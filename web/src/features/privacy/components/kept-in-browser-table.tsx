import type { KeptInBrowser } from './kept-in-browser';
import './privacy.css';

/** The notice's table of every cookie and storage key, one row each, its names in code. */
export function KeptInBrowserTable({ rows }: { rows: readonly KeptInBrowser[] }) {
  return (
    <div className="privacy-table">
      <table>
        <caption>Every cookie and browser storage key this shop uses</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Set by</th>
            <th scope="col">Why it is needed</th>
            <th scope="col">How long</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.names[0]}>
              <th scope="row" data-label="Name">
                {row.names.map((name, at) => (
                  <span key={name}>
                    {at > 0 && <span className="privacy-table__or"> or </span>}
                    <code>{name}</code>
                  </span>
                ))}
              </th>
              <td data-label="Kind">{row.kind}</td>
              <td data-label="Set by">{row.setBy}</td>
              <td data-label="Why">{row.why}</td>
              <td data-label="How long">{row.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
