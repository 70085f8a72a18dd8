import { type DragEvent, type ReactNode, useRef, useState } from 'react';

interface FileButtonProps {
  children: ReactNode;
  /** The picked files; the field is emptied after, so picking the same file again is a new pick. */
  onFiles(files: File[]): void;
  accept?: string;
  multiple?: boolean;
  className?: string;
  testId?: string;
  inputTestId?: string;
  /** The file field's id, for a control elsewhere that opens the same picker. */
  inputId?: string;
}

/** A button that opens the browser's file picker (its file field is hidden). */
export function FileButton(props: FileButtonProps) {
  const { children, onFiles, accept, multiple, className, testId, inputTestId, inputId } = props;
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()} data-testid={testId}>
        {children}
      </button>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
        data-testid={inputTestId}
      />
    </>
  );
}

/**
 * Files dropped on an element: its drag handlers, and whether files are over
 * it now. `own` keeps the drop from an enclosing drop target as well.
 */
export function useFileDrop(onFiles: (files: File[]) => void, own = false) {
  const [over, setOver] = useState(false);
  const handlers = {
    onDragOver(e: DragEvent) {
      if (!e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      if (own) e.stopPropagation();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop(e: DragEvent) {
      e.preventDefault();
      if (own) e.stopPropagation();
      setOver(false);
      onFiles([...e.dataTransfer.files]);
    },
  };
  return { over, handlers };
}
