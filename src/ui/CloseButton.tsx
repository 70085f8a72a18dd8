interface Props {
  label: string;
  onClick(): void;
  className?: string;
  testId?: string;
  glyph?: '×' | '✕';
}

/** A small button named by `label` alone (its glyph is no word): dismiss a notice, close a list, remove a chip or a file. */
export function CloseButton({ label, testId, glyph = '×', ...rest }: Props) {
  return (
    <button type="button" aria-label={label} data-testid={testId} {...rest}>
      {glyph}
    </button>
  );
}
