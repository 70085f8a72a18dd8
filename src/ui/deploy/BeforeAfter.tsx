import { useDeploy } from '../../state/deploy';
import { CloseButton } from '../CloseButton';
import { useFileDrop } from '../files';
import { DeployedSource, readDeployedFile } from './DeployedSource';
import { FlipList } from './FlipList';
import { FlipStrip } from './FlipStrip';
import { MergePane } from './MergePane';
import { Snapshots } from './Snapshots';

/**
 * "Before you deploy": the deployed file beside the edited one, their text
 * diff, and the URL × crawler verdicts the edit flips, with the edited lines
 * that cause each flip.
 */
export function BeforeAfter() {
  const notice = useDeploy((s) => s.notice);
  const setNotice = useDeploy((s) => s.setNotice);
  const empty = useDeploy((s) => s.deployedText === '');
  const drop = useFileDrop(([file]) => file && void readDeployedFile(file));
  return (
    <div className="before-after" data-testid="before-after" {...drop.handlers}>
      <div className="deploy-bar">
        <DeployedSource />
        <Snapshots />
      </div>
      {notice && (
        <div className="notice" role="alert" data-testid="deploy-notice">
          <span>{notice}</span>
          <CloseButton label="Dismiss" onClick={() => setNotice(null)} />
        </div>
      )}
      {empty ? (
        <p className="hint" data-testid="deploy-empty">
          Compare with the file as first opened in this session, or paste the robots.txt that is live today into the
          left side (or drop its file, or restore a snapshot). The URL list × crawlers are then compared under both
          files.
        </p>
      ) : (
        <FlipStrip />
      )}
      <div className="merge-heads" aria-hidden="true">
        <span>Deployed (today)</span>
        <span>Edited (the editor's file)</span>
      </div>
      <MergePane />
      {!empty && <FlipList />}
    </div>
  );
}
