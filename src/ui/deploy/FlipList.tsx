import { useState } from 'react';
import { useController } from '../../app/context';
import type { ExportFormat, FlipQuery, FlipRecord } from '../../model/wire';
import { useDeploy } from '../../state/deploy';
import { download } from '../download';
import { formatCount } from '../format';
import { editText, jumpTarget, KIND_LABEL, sideText } from './describe';

/** Filter, sort and export the flips. */
function FlipTools() {
  const controller = useController();
  const query = useDeploy((s) => s.query);
  const setQuery = useDeploy((s) => s.setQuery);
  const crawlers = useDeploy((s) => s.flips?.tally?.byCrawler);
  const finished = useDeploy((s) => s.flips?.finished ?? false);
  const [message, setMessage] = useState<string | null>(null);

  async function exportAs(format: ExportFormat) {
    setMessage(`Writing the ${format.toUpperCase()} file…`);
    const file = await controller.flips.exportFlips(format);
    if (!file) return setMessage('The flips changed before the file was written; export again.');
    download(file.blob, `robots-lab-flips.${format}`);
    setMessage(
      `Exported ${formatCount(file.records)} flip${file.records === 1 ? '' : 's'} as ${format.toUpperCase()}.`,
    );
  }

  return (
    <div className="flip-tools" data-testid="flip-tools">
      <label>
        Show{' '}
        <select
          value={query.kind}
          onChange={(e) => setQuery({ kind: e.target.value as FlipQuery['kind'] })}
          data-testid="flip-kind"
        >
          <option value="all">all flips</option>
          <option value="allowed-to-blocked">newly blocked</option>
          <option value="blocked-to-allowed">newly allowed</option>
        </select>
      </label>
      <label>
        for{' '}
        <select
          value={query.crawler}
          onChange={(e) => setQuery({ crawler: Number(e.target.value) })}
          data-testid="flip-crawler"
        >
          <option value={-1}>every crawler</option>
          {crawlers?.map((c, i) => (
            <option key={c.label} value={i}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        by{' '}
        <select
          value={query.sort}
          onChange={(e) => setQuery({ sort: e.target.value as FlipQuery['sort'] })}
          data-testid="flip-sort"
        >
          <option value="list">List order</option>
          <option value="url">URL</option>
          <option value="crawler">Crawler</option>
          <option value="kind">Kind</option>
        </select>
      </label>
      <label className="export-option">
        <input
          type="checkbox"
          checked={query.desc}
          onChange={(e) => setQuery({ desc: e.target.checked })}
          data-testid="flip-desc"
        />
        reversed
      </label>
      <span className="export">
        <button type="button" disabled={!finished} onClick={() => void exportAs('csv')} data-testid="flip-export-csv">
          Export CSV
        </button>
        <button type="button" disabled={!finished} onClick={() => void exportAs('json')} data-testid="flip-export-json">
          Export JSON
        </button>
      </span>
      {message && (
        <span className="hint" role="status" data-testid="flip-export-status">
          {message}
        </span>
      )}
    </div>
  );
}

/** One flip: the URL and crawler, before and after, and the edited lines that cause it; a click shows the cause. */
function FlipItem({ flip }: { flip: FlipRecord }) {
  const controller = useController();
  const focusDeployed = useDeploy((s) => s.focusDeployedLine);
  const target = jumpTarget(flip);
  const jump = () => {
    if (!target) return;
    if (target.side === 'deployed') return focusDeployed(target.line);
    controller.highlightRuleLine(target.line);
    // On a phone the editor is above, out of sight: bring it into view.
    if (window.innerWidth <= 1000) document.getElementById('editor-title')?.scrollIntoView({ block: 'start' });
  };
  const blocked = flip.kind === 'allowed-to-blocked';
  return (
    <li className={`flip ${blocked ? 'to-blocked' : 'to-allowed'}`} data-testid="flip">
      <button
        type="button"
        className="flip-jump"
        onClick={jump}
        disabled={!target}
        data-testid="flip-jump"
        aria-label={`${flip.url} for ${flip.crawler}, ${KIND_LABEL[flip.kind]}: show the ${target?.side === 'deployed' ? 'deployed' : 'edited'} line ${target?.line ?? ''}`}
      >
        <span className={`flip-kind ${blocked ? 'blocked' : 'allowed'}`}>{KIND_LABEL[flip.kind]}</span>{' '}
        <span className="flip-url">{flip.url}</span> <span className="flip-crawler">· {flip.crawler}</span>
      </button>
      <dl className="flip-detail">
        <dt>Deployed</dt>
        <dd data-testid="flip-old">{sideText(flip, 'old')}</dd>
        <dt>Edited</dt>
        <dd data-testid="flip-new">{sideText(flip, 'new')}</dd>
        <dt>Because</dt>
        <dd data-testid="flip-causes">
          {flip.causes.length ? flip.causes.map(editText).join('; ') : 'no single edited line'}
        </dd>
      </dl>
    </li>
  );
}

/** The flips the filters keep (the first FLIP_LIMIT; the export has them all). */
export function FlipList() {
  const flips = useDeploy((s) => s.flips);
  if (!flips?.tally) return null;
  const shown = flips.records.length;
  return (
    <section className="flip-list" aria-label="Verdict flips">
      <FlipTools />
      {shown === 0 ? (
        <p className="hint" data-testid="flip-empty">
          {flips.finished ? 'No URL × crawler verdict flips with these filters.' : 'Comparing…'}
        </p>
      ) : (
        <>
          <ol className="flips" data-testid="flips">
            {flips.records.map((f) => (
              <FlipItem key={f.index} flip={f} />
            ))}
          </ol>
          {flips.count > shown && (
            <p className="hint" data-testid="flip-more">
              Showing {formatCount(shown)} of {formatCount(flips.count)} flips; the export has them all.
            </p>
          )}
        </>
      )}
    </section>
  );
}
