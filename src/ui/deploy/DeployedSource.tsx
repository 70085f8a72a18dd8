import { useDeploy } from '../../state/deploy';
import { useRobotsLab } from '../../state/store';
import { FileButton } from '../files';

/** Past this a file is not a robots.txt (Google reads 500 KiB): refused with a message, nothing replaced. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * Reads a dropped or chosen file as the deployed robots.txt. A file that is
 * too large or not text is refused with a message and the deployed text is
 * kept.
 */
export async function readDeployedFile(file: File): Promise<void> {
  const d = useDeploy.getState();
  if (file.size > MAX_FILE_BYTES) {
    d.setNotice(
      `“${file.name}” is ${Math.round(file.size / 1048576)} MB: too large for a robots.txt. Nothing was replaced.`,
    );
    return;
  }
  const text = await file.text();
  if (text.includes('\u0000')) {
    d.setNotice(`“${file.name}” is not a text file. Nothing was replaced.`);
    return;
  }
  d.setNotice(null);
  d.setDeployedText(text);
}

/** Where the deployed file comes from: the file as first opened, a file, or a copy of the editor's file. */
export function DeployedSource() {
  const opened = useDeploy((s) => s.openedText);
  const same = useDeploy((s) => s.openedText === s.deployedText);
  return (
    <div className="deployed-source">
      <button
        type="button"
        title="The robots.txt as it came into the page in this session, before your edits"
        disabled={opened === null || same}
        onClick={() => opened !== null && useDeploy.getState().setDeployedText(opened)}
        data-testid="deployed-from-opened"
      >
        The file as first opened
      </button>
      <FileButton
        accept=".txt,text/plain"
        onFiles={([f]) => f && void readDeployedFile(f)}
        testId="deployed-open"
        inputTestId="deployed-file"
      >
        Open deployed file…
      </FileButton>
      <button
        type="button"
        title="Copies the editor's robots.txt to the deployed side, as a starting point before you edit"
        onClick={() => useDeploy.getState().setDeployedText(useRobotsLab.getState().robotsText)}
        data-testid="deployed-from-editor"
      >
        Copy the editor's file
      </button>
    </div>
  );
}
