import { useController } from '../../app/context';

/** "line N" as a button that highlights that line in the editor and scrolls to it. */
export function LineLink({ line, testId }: { line: number; testId?: string }) {
  const controller = useController();
  return (
    <button type="button" className="link" data-testid={testId} onClick={() => controller.highlightRuleLine(line)}>
      line {line}
    </button>
  );
}
