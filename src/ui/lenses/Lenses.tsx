import type { ExplainLenses } from '../../model/wire';
import { PurposeRows } from './PurposeRows';
import { ReaderStrip } from './ReaderStrip';
import './lenses.css';

/** The explanation's other views of the selected cell: other readers, then AI purposes when they apply. */
export function Lenses({ lenses }: { lenses: ExplainLenses }) {
  return (
    <>
      <ReaderStrip readers={lenses.readers} />
      {lenses.purposes && <PurposeRows findings={lenses.purposes} />}
    </>
  );
}
